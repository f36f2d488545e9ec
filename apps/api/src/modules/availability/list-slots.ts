import type { availabilityQuery } from "@kerb/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { type AvailabilityCache, answerAvailability, type Serialize } from "./availability-answers.ts";

type AvailabilityQuery = z.output<typeof availabilityQuery>;

/**
 * GET /student/slots: the open lessons of the range, as JSON (answerAvailability: cached while nothing it
 * depends on changed).
 */
export function listSlots(
  ctx: AppContext,
  cache: AvailabilityCache,
  query: AvailabilityQuery,
  serialize: Serialize,
): Promise<Buffer> {
  return answerAvailability(ctx, cache, "slots", query, serialize);
}
