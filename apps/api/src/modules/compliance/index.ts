/**
 * The compliance module's public entry: what other modules may call. Whether an instructor may teach
 * today (the shared listing rule over their verification and document dates).
 */

export { enqueueDocumentsExpiring } from "./documents-expiring-notices.ts";
export { notifyStudentsInstructorUnavailable } from "./instructor-notices.ts";
export { syncTeachingStops } from "./teaching-stops.ts";
export { isInstructorUnavailable, unavailableInstructorIds } from "./unavailable-instructors.ts";
