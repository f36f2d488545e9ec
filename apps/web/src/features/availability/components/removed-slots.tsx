import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { lessonCount } from "@/lib/format";
import { describeSlot, type SelectedSlot, slotKey } from "../model/selection";

type RemovedSlotListProps = {
  slots: readonly SelectedSlot[];
  /** Name each lesson's instructor: a card booking may mix them, credit mode has the bundle's one. */
  withInstructor: boolean;
};

/** The lessons a refused booking takes out of the selection, one a line. */
export function RemovedSlotList({ slots, withInstructor }: RemovedSlotListProps) {
  return (
    <ul className="list-disc pl-5">
      {slots.map((slot) =>
        withInstructor ? (
          <li key={slotKey(slot)}>
            {describeSlot(slot)} with {slot.instructorName}
          </li>
        ) : (
          <li key={slotKey(slot)}>{describeSlot(slot)}</li>
        ),
      )}
    </ul>
  );
}

type RemovedSlotsNoticeProps = RemovedSlotListProps & { onDismiss: () => void };

/**
 * Back on the calendar after a refused booking: which lessons were taken out, or (when none were) that
 * the times are all still free.
 */
export function RemovedSlotsNotice({ slots, withInstructor, onDismiss }: RemovedSlotsNoticeProps) {
  return (
    <Alert
      tone={slots.length > 0 ? "warning" : "info"}
      title={
        slots.length > 0
          ? `We removed ${lessonCount(slots.length)} that can no longer be booked`
          : "Your times are still free"
      }
      action={
        <Button variant="outline" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      }
    >
      {slots.length > 0 ? (
        <RemovedSlotList slots={slots} withInstructor={withInstructor} />
      ) : (
        "Check your selection, then continue to payment again."
      )}
    </Alert>
  );
}
