import type { AppContext } from "../../context.ts";
import { newOpaqueToken } from "../auth/index.ts";
import { setCalendarTokenHash } from "../instructors/index.ts";
import { requireFeedOwner } from "./feed-owner.ts";

/** Where the feed is served (calendar.routes.ts, mounted at /api/calendar). */
function calendarFeedPath(token: string) {
  return `/api/calendar/${token}.ics`;
}

/**
 * POST /instructor/calendar-token: a new secret each time, answered this once; rotating invalidates the
 * previous feed URL at once.
 */
export async function rotateCalendarFeed(ctx: AppContext, instructorId: string) {
  await requireFeedOwner(ctx, instructorId);
  const { token, hash } = newOpaqueToken();
  await setCalendarTokenHash(ctx.db, instructorId, hash);
  return { url: calendarFeedPath(token) };
}
