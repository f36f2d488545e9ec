/** The payouts module's public entry: what other modules may call. */

export { findPayoutOfLesson, lockInstructorPayouts } from "./payouts.repository.ts";
export { netEarningsCents } from "./payouts.service.ts";
