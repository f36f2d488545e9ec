/**
 * The learning module's public entry (issue 23): the learner's assessment, progress and NSW logbook,
 * each by the learner's id, for any reader allowed to see that learner's journey.
 */
export { createLearningService } from "./learning.service.ts";
