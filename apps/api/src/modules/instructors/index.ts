/**
 * The instructors module's public entry: what other modules may call. This module owns instructor
 * profiles: every write of instructor_profiles is one of these (instructors.writes.ts).
 */

export { findInstructorOrThrow } from "./get-instructor-profile.ts";
export { findInstructorListing } from "./instructor-listing.ts";
export { lockSettings as lockInstructorSettings } from "./instructors.repository.ts";
export {
  createInstructorProfile,
  setCalendarTokenHash,
  setInstructorRating,
  setStripeAccountIfNone,
  updateInstructorCompliance,
  updateInstructorDetails,
  updateInstructorSettings,
  updatePayoutDetails,
} from "./instructors.writes.ts";
export { sydneyDay, sydneyMonth, sydneyWeek } from "./sydney-periods.ts";
