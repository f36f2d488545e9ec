/** The availability module's public entry: open slots for learners, and the working-hours rules. */

export { type AvailabilityCounters, readAvailabilityCounters } from "./availability-counters.ts";
export {
  type BlockAnswer,
  type BlockRefusal,
  blockRefusals,
  type InstructorBlockAnswers,
  instructorBlockRefusals,
} from "./block-refusals.ts";
export { lessonsOutsideHours } from "./lessons-outside-hours.ts";
export { findOpenSlots, findOpenSlotsFrom, type OpenSlot } from "./open-slots.ts";
export { databaseSchedules, type PlacedLesson, withPlacedLessons } from "./schedule-source.ts";
export { affectedWarning, conflictReasons } from "./working-hours.ts";
