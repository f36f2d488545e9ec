import type { availabilityQuery } from "@kerb/shared";
import { sydneyTodayDate } from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { type AnswerKind, computeAvailability } from "./compute-availability.ts";
import { askedMinutes, assertWithinBookingHorizon } from "./open-slots.ts";
import { createResponseCache } from "./response-cache.ts";
import { createScheduleCache } from "./schedule-cache.ts";
import { databaseSchedules } from "./schedule-source.ts";

type AvailabilityQuery = z.output<typeof availabilityQuery>;

/** Turns an answer into the route's JSON (its response schema), once per cached answer. */
export type Serialize = (payload: unknown) => string;

const HOUR_MS = 3_600_000;

/**
 * What the student's availability answers keep in memory between requests: the schedules
 * (schedule-cache.ts) and the serialized answers (response-cache.ts). The route plugin makes one, so
 * one per app, and passes it to every answer.
 */
export function createAvailabilityCache() {
  return { schedules: createScheduleCache(), responses: createResponseCache() };
}

export type AvailabilityCache = ReturnType<typeof createAvailabilityCache>;

/**
 * Answers a schema-checked query from the cache when nothing it depends on has changed, else runs
 * the engine over the cached schedules and remembers the serialized answer.
 */
export async function answerAvailability(
  ctx: AppContext,
  cache: AvailabilityCache,
  kind: AnswerKind,
  query: AvailabilityQuery,
  serialize: Serialize,
): Promise<Buffer> {
  const { schedules, responses } = cache;
  // The schema has checked the suburb (canonical spelling) and the dates (real, in order, at most
  // MAX_RANGE_DAYS); the horizon is checked against the clock before anything is looked up.
  const { suburb, startDate, endDate, instructorId, poolHoursOnly } = query;
  const now = ctx.now();
  assertWithinBookingHorizon(startDate, endDate, now);
  if (!ctx.env.AVAILABILITY_CACHE) {
    const payload = await computeAvailability(ctx.db, databaseSchedules(ctx.db), kind, { ...query, now });
    return Buffer.from(serialize(payload));
  }
  const today = sydneyTodayDate(now);
  const snapshot = await schedules.snapshot(ctx.db, suburb, today);
  // Lessons start on the hour at least MIN_LEAD_TIME after now, so which starts are bookable changes
  // only when now crosses an hour: the hour is part of the key.
  const leadHour = Math.ceil(now.getTime() / HOUR_MS);
  const key = [
    kind,
    suburb,
    startDate,
    endDate,
    instructorId ?? "",
    poolHoursOnly ? 1 : 0,
    askedMinutes(query),
    today,
    leadHour,
  ].join("|");
  const cached = responses.get(key, snapshot.fingerprint, now.getTime());
  if (cached !== undefined) return cached;

  const payload = await computeAvailability(ctx.db, snapshot, kind, { ...query, now });
  const body = Buffer.from(serialize(payload));
  const { fromMs, untilMs } = snapshot.holdWindow;
  responses.set(key, { fingerprint: snapshot.fingerprint, fromMs, untilMs, body });
  return body;
}
