/**
 * Per-user limit on the document (PDF) routes: each download takes a rendering thread for about half a
 * second, so one signed-in user asking for dozens at once would hold the pool and every other user's
 * documents would wait or be refused. DOCUMENT_RATE_LIMIT_MAX a minute per user over all document
 * routes together; more answer 429 rate_limited with Retry-After. Runs as a preHandler, after the
 * route's guard has said who the user is. Counted in Redis when the replicas share one (this replica's
 * memory while it is down), as sign-in throttling is.
 */
import type { FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../lib/app-error.ts";

const WINDOW_SECONDS = 60;

class DocumentRateLimitError extends AppError {
  readonly headers: Record<string, string>;
  constructor(waitMs: number) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    super("rate_limited", `Too many documents asked for at once. Please try again in ${seconds} s.`, {
      retryAfterSeconds: seconds,
    });
    this.headers = { "retry-after": String(seconds) };
  }
}

export type DocumentLimit = (request: FastifyRequest) => Promise<void>;

export function createDocumentLimit(options: {
  max: number;
  redis: Redis | null;
  keyPrefix: string;
}): DocumentLimit {
  const settings = {
    keyPrefix: `${options.keyPrefix}documents`,
    points: options.max,
    duration: WINDOW_SECONDS,
  };
  const memory = new RateLimiterMemory(settings);
  const limiter = options.redis
    ? new RateLimiterRedis({
        ...settings,
        storeClient: options.redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      })
    : memory;
  return async (request) => {
    // The guard ran before (onRequest); without a user the handler answers 401 itself.
    const key = request.user?.id ?? `address:${request.ip}`;
    try {
      await limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new DocumentRateLimitError(error.msBeforeNext);
      throw error;
    }
  };
}
