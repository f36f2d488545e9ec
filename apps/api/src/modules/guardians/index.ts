/**
 * The guardians module's public entry: who follows a learner now (a guardian's reads, a payer's access
 * to their payment) and the copies of a learner's emails their guardians asked for.
 */
export { guardianCopies } from "./guardian-copies.ts";
export { findFollowedLearner } from "./guardian-links.ts";
export { findUserEmail } from "./guardians.repository.ts";
export { paymentCallerOf } from "./payment-caller.ts";
