/**
 * The bundles module's public entry: the one owner of the bundles table. Checkout issues a bundle when
 * its payment is fulfilled, a credit spend counts credits used, a cancellation gives one back.
 */

export {
  type LockedBundle,
  listBundleInstructorsOfLearner,
  listLiveBundlesOfLearner,
  lockStudentBundle,
} from "./bundles.repository.ts";
export {
  createBundle,
  returnBundleCredit,
  setBundleInstructor,
  useCredits,
} from "./bundles.writes.ts";
