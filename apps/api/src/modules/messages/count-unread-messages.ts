import type { UnreadMessages } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import type { Caller } from "./conversation-pair.ts";
import * as repo from "./messages.repository.ts";

/** GET /messages/unread: how many messages to the caller are unread, for the badge. */
export async function countUnreadMessages(ctx: AppContext, caller: Caller): Promise<UnreadMessages> {
  return { unread: await repo.countUnread(ctx.db, caller) };
}
