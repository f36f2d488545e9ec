/**
 * The learning module's public entry (issue 23): the learner's progress and NSW logbook, each by the
 * learner's id, for any reader allowed to see that learner's journey (the learner, their guardian).
 */
export { getLogbook } from "./get-logbook.ts";
export { getProgress } from "./get-progress.ts";
export { logbookPdf } from "./logbook-pdf-download.ts";
