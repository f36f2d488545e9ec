/** The checkout module's public entry: what other modules may call. */
export { releaseCheckouts } from "./release-checkout.ts";
