import type { AppContext } from "../../context.ts";
import { setCalendarTokenHash } from "../instructors/index.ts";
import { requireFeedOwner } from "./feed-owner.ts";

/** DELETE /instructor/calendar-token: the feed URL stops working at once. */
export async function revokeCalendarFeed(ctx: AppContext, instructorId: string) {
  await requireFeedOwner(ctx, instructorId);
  await setCalendarTokenHash(ctx.db, instructorId, null);
  return { ok: true as const };
}
