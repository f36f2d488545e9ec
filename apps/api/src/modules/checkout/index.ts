/** The checkout module's public entry: what other modules may call. */

export { holdLessons } from "./hold-lessons.ts";
export { releaseCheckouts } from "./release-checkout.ts";
