import type { Conversation } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { type Caller, conversationNotFound, pairOf } from "./conversation-pair.ts";
import { toMessage, toPerson } from "./message-views.ts";
import * as repo from "./messages.repository.ts";

/**
 * GET /messages/conversations/:otherUserId: the latest messages (or those before `before`), oldest first.
 * Reading the latest page marks the other person's messages read: they were shown.
 */
export async function readConversation(
  ctx: AppContext,
  caller: Caller,
  otherId: string,
  query: { before?: string | undefined; limit: number },
): Promise<Conversation> {
  const pair = pairOf(caller, otherId);
  return ctx.transact(async ({ tx }) => {
    const other = await repo.findCounterpart(tx, pair, otherId);
    if (!other) throw conversationNotFound();
    let before: { id: string; createdAt: Date } | undefined;
    if (query.before) {
      before = await repo.findMessageOf(tx, pair, query.before);
      if (!before) throw new AppError("not_found", "That message is not in this conversation");
    } else {
      await repo.markRead(tx, pair, caller.id, ctx.now());
    }
    const { rows, hasOlder } = await repo.listConversationMessages(tx, pair, {
      ...(before ? { before } : {}),
      limit: query.limit,
    });
    return {
      with: toPerson(other),
      messages: rows.map((row) => toMessage(row, caller.id)),
      hasOlder,
    };
  });
}
