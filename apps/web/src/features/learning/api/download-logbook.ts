import { sydneyTodayDate } from "@kerb/shared/rules";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { saveBlob } from "@/lib/save-blob";

const logbookFilename = (today: string) => `Kerb-logbook-${today}.pdf`;

/** Fetches the logbook record PDF with the session's token and saves it. */
export async function downloadLogbook() {
  const pdf = await api.getBlob("/student/logbook.pdf");
  saveBlob(pdf, logbookFilename(sydneyTodayDate(new Date())));
}

export function useDownloadLogbook() {
  return useMutation({ mutationFn: downloadLogbook });
}
