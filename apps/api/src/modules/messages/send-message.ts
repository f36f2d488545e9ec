import type { SendMessageRequest, SendMessageResponse } from "@kerb/shared";
import { MESSAGE_RATE_LIMIT } from "@kerb/shared";
import { messageRateLimitMessage, messageRateLimitWaitMs, messageRateWindowStart } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { type Caller, conversationNotFound, pairOf } from "./conversation-pair.ts";
import { toMessage } from "./message-views.ts";
import * as repo from "./messages.repository.ts";

/** 429 with Retry-After (the error handler copies `headers` onto a 429 answer). */
class MessageRateLimitError extends AppError {
  readonly headers: Record<string, string>;
  constructor(waitMs: number) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    super("rate_limited", messageRateLimitMessage(waitMs), { retryAfterSeconds: seconds });
    this.headers = { "retry-after": String(seconds) };
  }
}

/**
 * POST /messages/conversations/:otherUserId: the caller sends a message, within the per-sender rate
 * limit; its email goes later, batched (message-emails.ts).
 */
export async function sendMessage(
  ctx: AppContext,
  caller: Caller,
  otherId: string,
  request: SendMessageRequest,
): Promise<SendMessageResponse> {
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
}
