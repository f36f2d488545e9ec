/** The payouts module's public entry: what other modules may call. */
export { netEarningsCents } from "./payouts.service.ts";
