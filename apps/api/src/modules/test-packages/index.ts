/**
 * The test-packages module's public entry (issue 33): instructors' driving-test package offers. Booking
 * a pack (a later slice, in a higher module) reads the offer through here.
 */
export { findOffer as findTestPackageOffer } from "./test-packages.repository.ts";
