import {
  type AvailabilityChangeResponse,
  type AvailabilityException,
  type InstructorAvailability,
  timeToMinutes,
} from "@kerb/shared";
import { sydneyTodayDate } from "@kerb/shared/rules";
import { CalendarOff, CalendarPlus, Clock, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { SelectField, TextField } from "@/components/ui/field";
import { RadioCards } from "@/components/ui/radio-cards";
import { formatIsoDateWithWeekday } from "@/lib/format";
import { useAddAvailabilityException } from "../api/add-availability-exception";
import { useDeleteAvailabilityException } from "../api/delete-availability-exception";
import { END_TIME_OPTIONS, formatClockRange, START_TIME_OPTIONS } from "../utils/time-of-day";
import { ChangeResult, useLatestChange } from "./change-result";

type Kind = AvailabilityException["kind"];

type FormErrors = { date?: string; end?: string };

function validate(
  values: { date: string; kind: Kind; start: string; end: string },
  today: string,
): FormErrors {
  const errors: FormErrors = {};
  if (!values.date) errors.date = "Choose a date";
  else if (values.date < today) errors.date = "The date cannot be in the past";
  if (values.kind === "OPEN" && timeToMinutes(values.end) <= timeToMinutes(values.start)) {
    errors.end = "End time must be after start time";
  }
  return errors;
}

function OverrideItem({
  exception,
  onDelete,
  isDeleting,
}: {
  exception: AvailabilityException;
  onDelete: () => void;
  isDeleting: boolean;
}) {
  const date = formatIsoDateWithWeekday(exception.date);
  const isClosed = exception.kind === "CLOSED";
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-start gap-3">
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600"
          aria-hidden="true"
        >
          {isClosed ? <CalendarOff className="size-5" /> : <Clock className="size-5" />}
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="font-semibold text-slate-900">{date}</p>
          <p className="flex flex-wrap items-center gap-2 text-slate-700 text-sm">
            {isClosed ? (
              <Badge tone="neutral">Day off</Badge>
            ) : (
              <Badge tone="info">
                {formatClockRange(exception.start ?? "00:00", exception.end ?? "24:00")}
              </Badge>
            )}
            {exception.note ? <span className="min-w-0 break-words">{exception.note}</span> : null}
          </p>
        </div>
      </div>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Delete override for ${date}`}
        className="shrink-0 text-slate-600 hover:text-red-700"
        isLoading={isDeleting}
        icon={<Trash2 className="size-4" aria-hidden="true" />}
        onClick={onDelete}
      >
        <span className="hidden sm:inline">Delete</span>
      </Button>
    </li>
  );
}

/** One-off changes: a day off, or different hours for one date (replacing that day's weekly hours). */
export function DateOverridesCard({ availability }: { availability: InstructorAvailability }) {
  const today = sydneyTodayDate(new Date());
  const [date, setDate] = useState("");
  const [kind, setKind] = useState<Kind>("CLOSED");
  const [start, setStart] = useState("09:00");
  const [end, setEnd] = useState("13:00");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<FormErrors>({});
  const [result, setResult] = useState<{ message: string; change: AvailabilityChangeResponse } | null>(null);
  const addMutation = useAddAvailabilityException();
  const { isLatest, markLatest } = useLatestChange("overrides");
  const deleteMutation = useDeleteAvailabilityException();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const nextErrors = validate({ date, kind, start, end }, today);
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;
    setResult(null);
    markLatest();
    deleteMutation.reset();
    const trimmedNote = note.trim();
    addMutation.mutate(
      {
        date,
        kind,
        ...(kind === "OPEN" ? { start, end } : {}),
        ...(trimmedNote ? { note: trimmedNote } : {}),
      },
      {
        onSuccess: (change) => {
          setResult({ message: `Override added for ${formatIsoDateWithWeekday(date)}.`, change });
          setDate("");
          setNote("");
        },
      },
    );
  };

  const onDelete = (exception: AvailabilityException) => {
    setResult(null);
    markLatest();
    addMutation.reset();
    deleteMutation.mutate(exception.id, {
      onSuccess: (change) =>
        setResult({ message: `Override removed for ${formatIsoDateWithWeekday(exception.date)}.`, change }),
    });
  };

  return (
    <Card>
      <CardHeader
        title="Date overrides"
        description="Take a day off, or work different hours on one date. Overrides replace your weekly hours for that date."
      />
      <CardContent className="flex flex-col gap-6">
        {result && isLatest ? <ChangeResult success={result.message} change={result.change} /> : null}
        {deleteMutation.isError ? (
          <ErrorState title="We couldn't remove that override" error={deleteMutation.error} />
        ) : null}

        {availability.exceptions.length === 0 ? (
          <p className="rounded-xl bg-slate-50 px-4 py-3 text-slate-600 text-sm">
            No overrides coming up. Add one below when you need a day off or different hours.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Upcoming overrides">
            {availability.exceptions.map((exception) => (
              <OverrideItem
                key={exception.id}
                exception={exception}
                isDeleting={deleteMutation.isPending && deleteMutation.variables === exception.id}
                onDelete={() => onDelete(exception)}
              />
            ))}
          </ul>
        )}

        <form
          onSubmit={onSubmit}
          noValidate
          aria-label="Add a date override"
          className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-slate-50/60 p-4 sm:p-5"
        >
          <h3 className="font-semibold text-slate-900">Add an override</h3>
          <TextField
            label="Date"
            type="date"
            min={today}
            value={date}
            error={errors.date}
            onChange={(event) => setDate(event.target.value)}
            className="sm:max-w-60"
          />
          <RadioCards<Kind>
            label="What changes"
            value={kind}
            onChange={setKind}
            options={[
              { value: "CLOSED", label: "Day off", description: "No lessons that date" },
              { value: "OPEN", label: "Different hours", description: "Only these hours that date" },
            ]}
          />
          {kind === "OPEN" ? (
            <div className="grid grid-cols-2 gap-3 sm:max-w-md">
              <SelectField
                label="Start time"
                value={start}
                options={START_TIME_OPTIONS}
                onChange={(event) => setStart(event.target.value)}
              />
              <SelectField
                label="End time"
                value={end}
                options={END_TIME_OPTIONS}
                error={errors.end}
                onChange={(event) => setEnd(event.target.value)}
              />
            </div>
          ) : null}
          <TextField
            label="Note (optional)"
            hint="Only you see this, e.g. “Car service”."
            value={note}
            maxLength={200}
            onChange={(event) => setNote(event.target.value)}
          />
          {addMutation.isError ? (
            <ErrorState title="We couldn't add that override" error={addMutation.error} />
          ) : null}
          <div>
            <Button
              type="submit"
              variant="secondary"
              isLoading={addMutation.isPending}
              loadingText="Adding…"
              icon={<CalendarPlus className="size-4" aria-hidden="true" />}
            >
              Add override
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
