/** Pure domain rules shared by the API and the web app. */
export * from "./assessment.ts";
export * from "./booking-window.ts";
export * from "./bundle-credits.ts";
export * from "./bundles.ts";
export * from "./cancellation.ts";
export * from "./draft.ts";
export * from "./holds.ts";
export * from "./instructor-listing.ts";
export * from "./money.ts";
export * from "./pool-assignment.ts";
export * from "./pool-hours.ts";
export * from "./pricing.ts";
export * from "./recommendation.ts";
export * from "./retry-backoff.ts";
export * from "./suburbs.ts";
export * from "./sydney-time.ts";
export * from "./working-hours.ts";
