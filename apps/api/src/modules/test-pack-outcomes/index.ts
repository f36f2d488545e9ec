/**
 * The test-pack-outcomes module's public entry (issue 33): after the test day of a driving-test package,
 * the instructor's outcome and the pass promise. The learner's progress reads their packs through here.
 */
export { listTestPacksOfLearner } from "./list-test-packs-of-learner.ts";
