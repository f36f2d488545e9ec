import { draftMinutesRemaining, isDraftExpired, shouldWarnDraftExpiry } from "@kerb/shared/rules";
import { DRAFT_LIFETIME } from "@kerb/shared/words";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * Warns once the saved booking is more than 90 minutes old (spec §2, §9): how long is left of its
 * two hours, and once it is gone, a way to start again.
 */
export function DraftExpiryBanner({
  savedAt,
  now,
  onStartOver,
}: {
  savedAt: number | null;
  now: number;
  onStartOver: () => void;
}) {
  if (savedAt === null) return null;
  if (isDraftExpired(savedAt, now)) {
    return (
      <Alert
        tone="error"
        title="Your saved booking has expired"
        action={
          <Button variant="outline" size="sm" onClick={onStartOver}>
            Start Over
          </Button>
        }
      >
        Saved bookings are kept for {DRAFT_LIFETIME}. Times you picked may have been booked by others since.
      </Alert>
    );
  }
  if (!shouldWarnDraftExpiry(savedAt, now)) return null;
  const minutes = draftMinutesRemaining(savedAt, now);
  return (
    <Alert tone="warning" title="Your saved booking will expire soon">
      It expires in {minutes} {minutes === 1 ? "minute" : "minutes"}. Finish your booking before then to keep
      your choices.
    </Alert>
  );
}
