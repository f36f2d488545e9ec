import type { ConversationsPage } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { type PageQuery, pageOf, pageWindow } from "../../lib/paging.ts";
import type { Caller } from "./conversation-pair.ts";
import { toPerson } from "./message-views.ts";
import * as repo from "./messages.repository.ts";

/** GET /messages/conversations: the caller's conversations, each with its latest message and unread count. */
export async function listConversations(
  ctx: AppContext,
  caller: Caller,
  query: PageQuery,
): Promise<ConversationsPage> {
  const { rows, total } = await repo.listConversations(ctx.db, caller, pageWindow(query));
  const latest = await repo.latestMessagesWith(
    ctx.db,
    caller,
    rows.map((r) => r.otherId),
  );
  const latestOf = new Map(latest.map((m) => [m.otherId, m]));
  const items = rows.flatMap((row) => {
    const last = latestOf.get(row.otherId);
    if (!last) return [];
    return [
      {
        with: toPerson({ ...row, id: row.otherId }),
        lastMessage: {
          body: last.body,
          sentAt: last.createdAt.toISOString(),
          fromMe: last.senderId === caller.id,
        },
        unreadCount: row.unread,
      },
    ];
  });
  return pageOf(items, total, query);
}
