import { useEffect, useState } from "react";

/**
 * The current time, refreshed every `intervalMs`: for countdowns (the draft expiry banner), and so that
 * holds lapsing while the page is open go away.
 */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
