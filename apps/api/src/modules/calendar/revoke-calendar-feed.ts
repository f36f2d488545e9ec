import type { AppContext } from "../../context.ts";
import { setCalendarTokenHash } from "../instructors/index.ts";
import { requireFeedOwner } from "./feed-owner.ts";

/** DELETE /instructor/calendar-token: the feed URL stops working at once (audited when one was on). */
export async function revokeCalendarFeed(ctx: AppContext, instructorId: string) {
  await ctx.transact(async (uow) => {
    const owner = await requireFeedOwner(uow.tx, instructorId);
    if (owner.tokenHash === null) return;
    await setCalendarTokenHash(uow.tx, instructorId, null);
    await uow.audit({
      actorId: instructorId,
      action: "calendar.feed_revoke",
      targetType: "instructor",
      targetId: instructorId,
      details: {},
      createdAt: ctx.now(),
    });
  });
  return { ok: true as const };
}
