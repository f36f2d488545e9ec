import type { availabilityQuery } from "@kerb/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { type AvailabilityCache, answerAvailability, type Serialize } from "./availability-answers.ts";

type AvailabilityQuery = z.output<typeof availabilityQuery>;

/**
 * GET /student/availability-summary: per date of the range, whether any lesson is open and how many pool
 * and standard hours, as JSON (answerAvailability: cached while nothing it depends on changed).
 */
export function getAvailabilitySummary(
  ctx: AppContext,
  cache: AvailabilityCache,
  query: AvailabilityQuery,
  serialize: Serialize,
): Promise<Buffer> {
  return answerAvailability(ctx, cache, "summary", query, serialize);
}
