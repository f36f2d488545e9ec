/**
 * Messages between a learner and an instructor (issue 23): who may message whom, how many a person may
 * send, and when an unread message is emailed. The API asks these rules; its SQL takes its figures from
 * them.
 */
import {
  type BookingStatus,
  MESSAGE_EMAIL_DELAY_MINUTES,
  MESSAGE_RATE_LIMIT,
  MESSAGE_RATE_WINDOW_MINUTES,
} from "../constants.ts";

/**
 * A lesson in one of these statuses lets its learner and instructor message each other: one booked and
 * paid for (scheduled), taught, or missed. A checkout that was never paid (a hold, lapsed or not) or a
 * cancelled lesson does not, so a stranger cannot open a conversation by starting a checkout.
 */
export const MESSAGING_LESSON_STATUSES = [
  "SCHEDULED",
  "COMPLETED",
  "NO_SHOW",
] as const satisfies readonly BookingStatus[];

export function canMessageOver(status: BookingStatus): boolean {
  return (MESSAGING_LESSON_STATUSES as readonly BookingStatus[]).includes(status);
}

const MINUTE_MS = 60_000;

/** Messages sent at or after this count towards the sender's limit now. */
export function messageRateWindowStart(now: Date): Date {
  return new Date(now.getTime() - MESSAGE_RATE_WINDOW_MINUTES * MINUTE_MS);
}

/**
 * How long the sender must wait before their next message, in ms (0: they may send now). `limitReachedAt`
 * is when they sent the MESSAGE_RATE_LIMIT-th most recent of their messages inside the window (null when
 * they have sent fewer): the next one may go once that one leaves the window.
 */
export function messageRateLimitWaitMs(limitReachedAt: Date | null, now: Date): number {
  if (!limitReachedAt) return 0;
  return Math.max(0, limitReachedAt.getTime() + MESSAGE_RATE_WINDOW_MINUTES * MINUTE_MS - now.getTime());
}

/** The sentence a sender over the limit reads, with the wait rounded up to a whole minute. */
export function messageRateLimitMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE_MS));
  return (
    `You've sent ${MESSAGE_RATE_LIMIT} messages in the last ${MESSAGE_RATE_WINDOW_MINUTES} minutes, the most ` +
    `Kerb allows. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} before sending another.`
  );
}

/**
 * Unread messages sent at or before this moment are due an email. The email then covers all the
 * recipient's unread messages not yet emailed, the newer ones too: one email per burst, not per message.
 */
export function messageEmailDueBefore(now: Date): Date {
  return new Date(now.getTime() - MESSAGE_EMAIL_DELAY_MINUTES * MINUTE_MS);
}

/** The start of a message as an email or a list quotes it: one line, at most `max` characters. */
export function messageExcerpt(body: string, max = 140): string {
  const line = body.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}
