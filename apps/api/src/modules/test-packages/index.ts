/**
 * The test-packages module's public entry (issue 33): instructors' driving-test package offers, the
 * options for a learner's test, and the pack rows and pack credits that booking a pack (checkout) writes.
 */

export { listTestPackCredits } from "./list-test-pack-credits.ts";
export {
  listTestPackOptions,
  planView as testPackPlanView,
  refuseUnbookableTest,
} from "./list-test-pack-options.ts";
export { centreSummaries } from "./offer-view.ts";
export { testPackRefusal } from "./test-pack-refusals.ts";
export {
  type PackRow,
  packColumns,
  testPackSummariesOf,
  toTestPackSummary,
} from "./test-pack-summary.ts";
export {
  findOffer as findTestPackageOffer,
  findPackOfLesson,
  insertPurchasedCredit as insertPurchasedTestPackCredit,
  insertTestPack,
  lockUsableCredit as lockUsableTestPackCredit,
  markCreditUsed as markTestPackCreditUsed,
  moveTestPack,
  type NewTestPack,
  type PackOfLesson,
  returnCreditOfPack,
  saveTestPackOutcome,
} from "./test-packages.repository.ts";
