import { sydneyTodayDate } from "@kerb/shared/rules";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { saveBlob } from "@/lib/save-blob";

/** "Kerb-logbook-Sam-Learner-2026-06-15.pdf": named for the learner, as a guardian may follow several. */
const guardianLogbookFilename = (learner: { firstName: string; lastName: string }, today: string) => {
  const name = `${learner.firstName} ${learner.lastName}`
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "");
  return `Kerb-logbook-${name ? `${name}-` : ""}${today}.pdf`;
};

/** GET …/learners/:id/logbook.pdf (with the session's token): the learner's logbook record, saved. */
async function downloadGuardianLogbook(learner: { id: string; firstName: string; lastName: string }) {
  const pdf = await api.getBlob(`/guardian/learners/${encodeURIComponent(learner.id)}/logbook.pdf`);
  saveBlob(pdf, guardianLogbookFilename(learner, sydneyTodayDate(new Date())));
}

/** The download for one learner: LogbookCard's button takes no argument. */
export function useDownloadGuardianLogbook(learner: { id: string; firstName: string; lastName: string }) {
  return useMutation({ mutationFn: () => downloadGuardianLogbook(learner) });
}
