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
 * previous feed URL at once. Audited (never the secret): a feed shows a learner's name and pickup, so who
 * opened one, and when, is worth knowing.
 */
export async function rotateCalendarFeed(ctx: AppContext, instructorId: string) {
  const { token, hash } = newOpaqueToken();
  await ctx.transact(async (uow) => {
    const owner = await requireFeedOwner(uow.tx, instructorId);
    await setCalendarTokenHash(uow.tx, instructorId, hash);
    await uow.audit({
      actorId: instructorId,
      action: owner.tokenHash === null ? "calendar.feed_create" : "calendar.feed_rotate",
      targetType: "instructor",
      targetId: instructorId,
      details: {},
      createdAt: ctx.now(),
    });
  });
  return { url: calendarFeedPath(token) };
}
