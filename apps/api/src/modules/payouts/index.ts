/** The payouts module's public entry: what other modules may call. */

export { netEarningsCents } from "./net-earnings-cents.ts";
export { findPayoutOfLesson, lockInstructorPayouts } from "./payouts.repository.ts";
