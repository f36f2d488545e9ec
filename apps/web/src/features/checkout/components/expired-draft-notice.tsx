import { DRAFT_LIFETIME } from "@kerb/shared/words";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { dismissExpiredDraftNotice, expiredDraftNotice } from "@/lib/booking-draft";
import { formatTimeOnDay } from "@/lib/format";

/**
 * Says once that a saved booking ran out of time unseen (it is removed when found expired, and would
 * otherwise just be gone): the dashboard and the wizard both show it, whichever comes first.
 */
export function ExpiredDraftNotice({ now, className }: { now: number; className?: string }) {
  const [savedAt] = useState(() => expiredDraftNotice(now));
  useEffect(() => {
    if (savedAt !== null) dismissExpiredDraftNotice();
  }, [savedAt]);
  if (savedAt === null) return null;
  return (
    <Alert tone="info" title="Your saved booking expired" className={className}>
      Saved bookings are kept for {DRAFT_LIFETIME}, so the one you saved at{" "}
      {formatTimeOnDay(new Date(savedAt).toISOString(), now)} has gone. Start a new booking whenever you're
      ready.
    </Alert>
  );
}
