import { describe, expect, it } from "vitest";
import { MESSAGE_RATE_LIMIT, MESSAGE_RATE_WINDOW_MINUTES } from "../constants.ts";
import {
  canMessageOver,
  messageEmailDueBefore,
  messageExcerpt,
  messageRateLimitMessage,
  messageRateLimitWaitMs,
  messageRateWindowStart,
} from "./messages.ts";

const now = new Date("2026-05-12T00:00:00Z");
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

describe("who may message", () => {
  it("a booked, taught or missed lesson opens messaging; a hold or a cancelled lesson does not", () => {
    expect(canMessageOver("SCHEDULED")).toBe(true);
    expect(canMessageOver("COMPLETED")).toBe(true);
    expect(canMessageOver("NO_SHOW")).toBe(true);
    expect(canMessageOver("PENDING_PAYMENT")).toBe(false);
    expect(canMessageOver("EXPIRED")).toBe(false);
    expect(canMessageOver("CANCELLED")).toBe(false);
  });
});

describe("the sender's rate limit", () => {
  it("counts the last ten minutes", () => {
    expect(MESSAGE_RATE_LIMIT).toBe(20);
    expect(messageRateWindowStart(now)).toEqual(minutesAgo(MESSAGE_RATE_WINDOW_MINUTES));
  });

  it("under the limit there is no wait; at it, until the limit-th latest message leaves the window", () => {
    expect(messageRateLimitWaitMs(null, now)).toBe(0);
    expect(messageRateLimitWaitMs(minutesAgo(4), now)).toBe(6 * 60_000);
    expect(messageRateLimitWaitMs(minutesAgo(10), now)).toBe(0);
  });

  it("tells the wait in whole minutes, rounded up", () => {
    expect(messageRateLimitMessage(6 * 60_000)).toBe(
      "You've sent 20 messages in the last 10 minutes, the most Kerb allows. Please wait 6 minutes before sending another.",
    );
    expect(messageRateLimitMessage(1_000)).toContain("wait 1 minute before");
    expect(messageRateLimitMessage(61_000)).toContain("wait 2 minutes before");
  });
});

describe("the batched email", () => {
  it("is due for messages unread five minutes after they were sent", () => {
    expect(messageEmailDueBefore(now)).toEqual(minutesAgo(5));
  });

  it("quotes one line of at most 140 characters", () => {
    expect(messageExcerpt("  Running\n\nlate,  sorry  ")).toBe("Running late, sorry");
    const long = "a".repeat(200);
    expect(messageExcerpt(long)).toHaveLength(140);
    expect(messageExcerpt(long).endsWith("…")).toBe(true);
    expect(messageExcerpt("a".repeat(140))).toBe("a".repeat(140));
  });
});
