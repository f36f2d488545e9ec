/** The availability module's public entry: what other modules may call. */
export { availabilityAfterChange } from "./availability.instructor.service.ts";
export { findOpenSlots, type OpenSlot } from "./availability.service.ts";
