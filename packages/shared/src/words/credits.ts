/**
 * How bundle credits are counted in words. A credit is one hour of lessons (rules/lesson-lengths.ts), so
 * a 2-hour lesson uses two: every sentence about credits names the count instead of "the lesson credit",
 * and a bundle's balance is credits, not lessons.
 */
import { plural } from "./plural.ts";

/** "1 credit", "2 credits". */
export function creditCount(credits: number): string {
  return plural(credits, "credit");
}

/** "8 credits left (8 hours of lessons)": a balance, with what it buys. */
export function creditsLeftText(credits: number): string {
  return `${creditCount(credits)} left (${plural(credits, "hour")} of lessons)`;
}

/** "1 credit goes back to your bundle", "2 credits go back to their bundle". */
export function creditsGoBack(credits: number, bundle = "your bundle"): string {
  return `${creditCount(credits)} ${credits === 1 ? "goes" : "go"} back to ${bundle}`;
}
