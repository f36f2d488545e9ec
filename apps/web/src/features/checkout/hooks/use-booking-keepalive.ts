import { KEEPALIVE_SECONDS } from "@kerb/shared";
import { useEffect, useRef } from "react";
import { extendSession } from "../api/extend-session";

/**
 * Keeps the session alive while a booking is in progress (spec §4, §7): one call on entering each
 * booking step, and every 30 seconds on the invoice. The first failure stops it for good; failures
 * are only logged (spec §8).
 */
export function useBookingKeepalive(step: string, isActive: boolean) {
  const hasFailed = useRef(false);

  useEffect(() => {
    if (!isActive || hasFailed.current) return;
    let interval: ReturnType<typeof setInterval> | undefined;
    const ping = async () => {
      if (hasFailed.current) return;
      try {
        await extendSession();
      } catch (error) {
        hasFailed.current = true;
        if (interval !== undefined) clearInterval(interval);
        console.error("Could not extend the session; booking keepalive stopped.", error);
      }
    };
    void ping();
    if (step === "invoice") interval = setInterval(() => void ping(), KEEPALIVE_SECONDS * 1000);
    return () => {
      if (interval !== undefined) clearInterval(interval);
    };
  }, [step, isActive]);
}
