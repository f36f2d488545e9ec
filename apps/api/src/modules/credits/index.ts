/**
 * The credits module's public entry: what other modules may call. Only this module writes the bundles
 * table (bundles.writes.ts).
 */
export { createBundle, returnBundleCredit } from "./bundles.writes.ts";
