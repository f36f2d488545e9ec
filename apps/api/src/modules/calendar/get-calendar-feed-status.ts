import type { AppContext } from "../../context.ts";
import { requireFeedOwner } from "./feed-owner.ts";

/**
 * GET /instructor/calendar-token: whether the feed is on. Its URL cannot be given again: only the
 * secret's hash is kept.
 */
export async function getCalendarFeedStatus(ctx: AppContext, instructorId: string) {
  const { tokenHash } = await requireFeedOwner(ctx.db, instructorId);
  return { active: tokenHash !== null };
}
