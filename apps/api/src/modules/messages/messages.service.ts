/**
 * Messages between a learner and an instructor (issue 23 item 5). The conversation is always the
 * caller's own: its pair is the caller (by their role and id, from the session) and the person named in
 * the path, and it exists only while the two have a lesson together (rules/messages.ts); anyone else
 * is 404, whether or not they exist. Plain text, 1–1000 characters (the shared schema), at most
 * MESSAGE_RATE_LIMIT per sender in MESSAGE_RATE_WINDOW_MINUTES (counted in the database, so the limit
 * holds across replicas). Emails go later and batched (message-emails.ts), never per message.
 */
import type {
  AdminConversation,
  Conversation,
  ConversationsPage,
  Message,
  SendMessageRequest,
  SendMessageResponse,
  UnreadMessages,
} from "@kerb/shared";
import { MESSAGE_RATE_LIMIT } from "@kerb/shared";
import { messageRateLimitMessage, messageRateLimitWaitMs, messageRateWindowStart } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { type PageQuery, pageOf, pageWindow } from "../../lib/paging.ts";
import * as repo from "./messages.repository.ts";

export type Caller = repo.Side;

/** 429 with Retry-After (the error handler copies `headers` onto a 429 answer). */
class MessageRateLimitError extends AppError {
  readonly headers: Record<string, string>;
  constructor(waitMs: number) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    super("rate_limited", messageRateLimitMessage(waitMs), { retryAfterSeconds: seconds });
    this.headers = { "retry-after": String(seconds) };
  }
}

// The same answer for a stranger, someone who does not exist and someone with no lesson any more.
const conversationNotFound = () => new AppError("not_found", "Conversation not found");

/** The conversation of the caller with `otherId`: the caller's role decides which side is which. */
function pairOf(caller: Caller, otherId: string): repo.Pair {
  return caller.role === "STUDENT"
    ? { studentId: caller.id, instructorId: otherId }
    : { studentId: otherId, instructorId: caller.id };
}

function toMessage(row: repo.MessageRow, callerId: string): Message {
  return {
    id: row.id,
    body: row.body,
    sentAt: row.createdAt.toISOString(),
    fromMe: row.senderId === callerId,
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** The other person as the caller sees them: a name and a role, never contact details. */
function toPerson(row: { id: string; firstName: string; lastName: string; role: string }) {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role === "INSTRUCTOR" ? ("INSTRUCTOR" as const) : ("STUDENT" as const),
  };
}

export function createMessageService(ctx: AppContext) {
  return {
    async listConversations(caller: Caller, query: PageQuery): Promise<ConversationsPage> {
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
    },

    async unread(caller: Caller): Promise<UnreadMessages> {
      return { unread: await repo.countUnread(ctx.db, caller) };
    },

    /**
     * The latest messages (or those before `before`), oldest first. Reading the latest page marks the
     * other person's messages read: they were shown.
     */
    async readConversation(
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
    },

    async send(caller: Caller, otherId: string, request: SendMessageRequest): Promise<SendMessageResponse> {
      const pair = pairOf(caller, otherId);
      const now = ctx.now();
      const row = await ctx.transact(async ({ tx }) => {
        if (!(await repo.findCounterpart(tx, pair, otherId))) throw conversationNotFound();
        // One sender at a time, so two messages sent at once cannot both be the 20th.
        await repo.lockSender(tx, caller.id);
        const limitReachedAt = await repo.nthLatestSentSince(
          tx,
          caller,
          messageRateWindowStart(now),
          MESSAGE_RATE_LIMIT,
        );
        const waitMs = messageRateLimitWaitMs(limitReachedAt, now);
        if (waitMs > 0) throw new MessageRateLimitError(waitMs);
        return repo.insertMessage(tx, { ...pair, senderId: caller.id, body: request.body, now });
      });
      return { message: toMessage(row, caller.id) };
    },

    /**
     * An admin reads a learner and an instructor's conversation (a dispute, say), a page at a time,
     * oldest first. Every read is audited, in the transaction that reads.
     */
    async adminRead(
      adminId: string,
      query: { studentId: string; instructorId: string } & PageQuery,
    ): Promise<AdminConversation> {
      const pair = { studentId: query.studentId, instructorId: query.instructorId };
      return ctx.transact(async (uow) => {
        const parties = await repo.findParties(uow.tx, pair);
        if (!parties) throw new AppError("not_found", "No such learner and instructor");
        const { rows, total } = await repo.pageConversation(uow.tx, pair, pageWindow(query));
        await uow.audit({
          actorId: adminId,
          action: "conversation.read",
          targetType: "conversation",
          targetId: pair.studentId,
          details: { ...pair, page: query.page, pageSize: query.pageSize, messagesShown: rows.length },
          createdAt: ctx.now(),
        });
        const { student, instructor } = parties;
        const party = ({ id, firstName, lastName, email }: typeof student) => ({
          id,
          firstName,
          lastName,
          email,
        });
        return {
          ...pageOf(
            rows.map((row) => ({
              id: row.id,
              body: row.body,
              sentAt: row.createdAt.toISOString(),
              sentBy: row.senderId === pair.studentId ? ("STUDENT" as const) : ("INSTRUCTOR" as const),
              readAt: row.readAt?.toISOString() ?? null,
              emailedAt: row.notifiedAt?.toISOString() ?? null,
            })),
            total,
            query,
          ),
          student: party(student),
          instructor: party(instructor),
        };
      });
    },
  };
}
