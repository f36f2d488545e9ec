/**
 * The compliance module's public entry: what other modules may call. Whether an instructor may teach
 * today (the shared listing rule over their verification and document dates).
 */
export {
  isInstructorUnavailable,
  notifyStudentsInstructorUnavailable,
  unavailableInstructorIds,
} from "./compliance.service.ts";
export { enqueueDocumentsExpiring } from "./documents-expiring-notices.ts";
export { syncTeachingStops } from "./teaching-stops.ts";
