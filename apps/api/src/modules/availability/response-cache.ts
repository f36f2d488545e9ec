/**
 * Serialized availability answers, reused only while nothing they depend on can have changed: the same
 * database fingerprint (schedule-cache.ts counters), the same lead-time hour and Sydney date (both in
 * the key) and a `now` inside the span where no hold lapses. Bounded, least recently used out first.
 */
interface CachedResponse {
  fingerprint: string;
  fromMs: number;
  untilMs: number;
  /** UTF-8 JSON, encoded once: a day's slots are tens of kilobytes. */
  body: Buffer;
}

export function createResponseCache(limit = 1000) {
  const entries = new Map<string, CachedResponse>();
  return {
    get(key: string, fingerprint: string, nowMs: number): Buffer | undefined {
      const hit = entries.get(key);
      if (!hit || hit.fingerprint !== fingerprint || nowMs < hit.fromMs || nowMs >= hit.untilMs) {
        return undefined;
      }
      entries.delete(key);
      entries.set(key, hit);
      return hit.body;
    },
    set(key: string, response: CachedResponse): void {
      entries.delete(key);
      if (entries.size >= limit) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, response);
    },
  };
}
