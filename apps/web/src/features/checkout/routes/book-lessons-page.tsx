import { Suspense, use, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { BookingWizard } from "../components/booking-wizard";
import { wizardHistoryState } from "../model/step-address";

// Reading a saved draft needs zod and the shared schemas (model/wizard-draft.ts): loaded only to resume.
let draftReader: Promise<typeof import("../model/wizard-draft")> | undefined;
function loadDraftReader() {
  draftReader ??= import("../model/wizard-draft").catch((error: unknown) => {
    draftReader = undefined;
    throw error;
  });
  return draftReader;
}

/**
 * One booking session. Whether it resumes is decided when it starts, as the wizard itself does: the
 * wizard later writes `resume=true` into the address (so a reload resumes), and that must neither
 * remount it nor load the draft reader mid-session.
 */
function WizardSession({ session, resume }: { session: string; resume: boolean }) {
  const [resumeAtStart] = useState(resume);
  const restoreDraft = resumeAtStart ? use(loadDraftReader()).stateFromDraft : undefined;
  return <BookingWizard session={session} resume={resumeAtStart} restoreDraft={restoreDraft} />;
}

/**
 * /student/book and /student/book-lessons (spec §2). `?resume=true` restores the saved draft; any
 * other visit starts a fresh booking. The wizard's own steps are history entries of one session
 * (their state names it), so Back and Forward between them keep the wizard; any other arrival, such
 * as the navbar's Book Lessons while already booking, is a new session and starts over.
 */
export function BookLessonsPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const session = wizardHistoryState(location.state)?.wizardSession ?? location.key;
  return (
    <Suspense fallback={<PageSpinner label="Restoring your booking…" />}>
      <WizardSession key={session} session={session} resume={searchParams.get("resume") === "true"} />
    </Suspense>
  );
}
