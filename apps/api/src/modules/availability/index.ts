/** The availability module's public entry: open slots for learners, and the working-hours rules. */
export { findOpenSlots, type OpenSlot } from "./availability.service.ts";
export { affectedWarning, conflictReasons } from "./working-hours.ts";
