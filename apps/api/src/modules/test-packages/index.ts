/**
 * The test-packages module's public entry (issue 33): instructors' driving-test package offers. Booking
 * a pack (a later slice, in a higher module) reads the offer through here.
 */
export { listTestPackOptions, refusePastTest } from "./list-test-pack-options.ts";
export {
  findOffer as findTestPackageOffer,
  insertTestPack,
  type NewTestPack,
  saveTestPackOutcome,
} from "./test-packages.repository.ts";
