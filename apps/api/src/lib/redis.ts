import { Redis } from "ioredis";

/**
 * The Redis client for shared counters. Every setting keeps a Redis outage from holding requests up:
 * no offline queue (a command while disconnected fails at once), short connect and command timeouts, one
 * retry per command, and reconnection in the background with a capped backoff. Callers decide what a
 * failed command means (rate limits let the request through; the login throttle uses its local copy).
 */
export function createRedisClient(url: string): Redis {
  const redis = new Redis(url, {
    connectTimeout: 1000,
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // Without a listener ioredis reports every failed reconnect as an unhandled error event.
  redis.on("error", () => {});
  return redis;
}

/**
 * Waits (briefly) for the first connection, so a replica starts with shared counters instead of failing
 * open for its first requests. False when Redis is not there yet: the replica starts anyway and the
 * client keeps reconnecting in the background.
 */
export function redisReady(redis: Redis, timeoutMs = 1500): Promise<boolean> {
  if (redis.status === "ready") return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off("ready", onReady);
      resolve(false);
    }, timeoutMs);
    timer.unref();
    function onReady() {
      clearTimeout(timer);
      resolve(true);
    }
    redis.once("ready", onReady);
  });
}
