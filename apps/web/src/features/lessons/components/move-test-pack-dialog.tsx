import type { StudentProfileBooking, TestPackSummary } from "@kerb/shared";
import {
  clockMinutes,
  findSuburb,
  sydneyDateOf,
  sydneyMinutesOf,
  sydneyWallTimeToInstant,
  TEST_CENTRES,
  testCentresByDrive,
} from "@kerb/shared/rules";
import CalendarClock from "lucide-react/icons/calendar-clock";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { SelectField, TextField } from "@/components/ui/field";
import { formatDate, formatTime } from "@/lib/format";
import { useMoveTestPack } from "../api/move-test-pack";

type PackBooking = StudentProfileBooking & { testPack: TestPackSummary };

const pad = (n: number) => String(n).padStart(2, "0");

/** "13:30": the test's Sydney wall-clock time, as a time input shows it. */
function wallTime(iso: string): string {
  const minutes = sydneyMinutesOf(new Date(iso));
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The centres, nearest the pick-up first when its suburb is known. */
function centreOptions(suburb: string | undefined) {
  const pickup = findSuburb(suburb ?? "");
  if (!pickup) return TEST_CENTRES.map((centre) => ({ value: centre.id, label: centre.name }));
  return testCentresByDrive(pickup).map(({ centre, minutes }) => ({
    value: centre.id,
    label: `${centre.name} (about ${minutes} min away)`,
  }));
}

/**
 * A driving-test package follows the learner's test: when Service NSW moves it (or they do), they enter
 * the new date, time and centre, and the server plans the instructor's block again from it and moves it
 * if the instructor is free. Its refusal (the instructor busy, a centre they do not serve) is shown as
 * it is; the package keeps its time until a move succeeds.
 */
export function MoveTestPackAction({
  booking,
  onMoved,
}: {
  booking: PackBooking;
  /** The finished move's sentence, for the page's status note. */
  onMoved?: (message: string) => void;
}) {
  const [isOpen, setOpen] = useState(false);
  const pack = booking.testPack;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        icon={<CalendarClock className="size-4" aria-hidden="true" />}
        onClick={() => setOpen(true)}
        aria-label={`Move the test package on ${formatDate(pack.testAt)} to my new test time`}
      >
        Move to my new test time
      </Button>
      {isOpen ? (
        <MoveTestPackDialog booking={booking} isOpen={isOpen} onOpenChange={setOpen} onMoved={onMoved} />
      ) : null}
    </>
  );
}

function MoveTestPackDialog({
  booking,
  isOpen,
  onOpenChange,
  onMoved,
}: {
  booking: PackBooking;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onMoved?: ((message: string) => void) | undefined;
}) {
  const pack = booking.testPack;
  const mutation = useMoveTestPack();
  const [date, setDate] = useState(() => sydneyDateOf(new Date(pack.testAt)));
  const [time, setTime] = useState(() => wallTime(pack.testAt));
  const [centreId, setCentreId] = useState(pack.centre.id);
  const [inputError, setInputError] = useState<string | null>(null);

  const close = (open: boolean) => {
    if (!open) mutation.reset();
    onOpenChange(open);
  };

  const confirm = () => {
    const minutes = clockMinutes(time);
    // Tests run in business hours: the one repeated hour a year is read as its first.
    const testAt = minutes === null || !date ? null : sydneyWallTimeToInstant(date, minutes);
    if (!testAt) {
      setInputError("Enter the date and time of your new test as Service NSW booked it");
      return;
    }
    setInputError(null);
    mutation.mutate(
      { bookingId: booking.id, request: { testAt: testAt.toISOString(), centreId } },
      {
        onSuccess: ({ plan, testPack }) => {
          close(false);
          onMoved?.(
            `Test package moved: your test is at ${formatTime(testPack.testAt)} on ${formatDate(testPack.testAt)} at ${testPack.centre.name}, and ${booking.instructor.firstName} picks you up at ${formatTime(plan.pickupAt)}.`,
          );
        },
      },
    );
  };

  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={close}
      title="Move to my new test time"
      confirmLabel="Move my package"
      cancelLabel="Back"
      pendingLabel="Moving…"
      onConfirm={confirm}
      isPending={mutation.isPending}
      kind="form"
    >
      <p className="text-slate-700 text-sm leading-relaxed">
        Your package is planned for a test at {formatTime(pack.testAt)} on {formatDate(pack.testAt)} at{" "}
        {pack.centre.name}. If Service NSW moved it, enter the new test: {booking.instructor.firstName}'s
        pick-up and drop-off are worked out again from it, at no cost, if they are free then.
      </p>
      <div className="flex flex-wrap gap-4">
        <TextField label="New test date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        <TextField
          label="Test time (Sydney)"
          type="time"
          value={time}
          error={inputError ?? undefined}
          onChange={(e) => setTime(e.target.value)}
        />
      </div>
      <SelectField
        label="Test centre"
        options={centreOptions(booking.suburb)}
        value={centreId}
        onChange={(e) => setCentreId(e.target.value)}
      />
      {mutation.isError ? <ErrorState title="We couldn't move your package" error={mutation.error} /> : null}
    </ConfirmDialog>
  );
}
