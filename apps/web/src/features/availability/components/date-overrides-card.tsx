import { zodResolver } from "@hookform/resolvers/zod";
import {
  type AvailabilityChangeResponse,
  type AvailabilityException,
  availabilityExceptionRequest,
  EXCEPTION_KINDS,
  type InstructorAvailability,
} from "@kerb/shared";
import { sydneyTodayDate } from "@kerb/shared/rules";
import CalendarOff from "lucide-react/icons/calendar-off";
import CalendarPlus from "lucide-react/icons/calendar-plus";
import Clock from "lucide-react/icons/clock";
import Trash2 from "lucide-react/icons/trash";
import { useMemo, useState } from "react";
import { useController, useForm } from "react-hook-form";
import { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { SelectField, TextField } from "@/components/ui/field";
import { RadioCards } from "@/components/ui/radio-cards";
import { formatIsoDateWithWeekday } from "@/lib/format";
import { useAddAvailabilityException } from "../api/add-availability-exception";
import { useDeleteAvailabilityException } from "../api/delete-availability-exception";
import { END_TIME_OPTIONS, formatClockRange, START_TIME_OPTIONS } from "../model/time-of-day";
import { ChangeResult, useLatestChange } from "./change-result";

type Kind = AvailabilityException["kind"];

/**
 * The form's fields as typed, read through the API's own request schema (times only for different
 * hours, end after start, a note of at most 200 characters), plus what only the form checks: a date is
 * chosen and is not in the past.
 */
function overrideFormSchema(today: string) {
  return z
    .object({
      date: z.string().min(1, "Choose a date"),
      kind: z.enum(EXCEPTION_KINDS),
      start: z.string(),
      end: z.string(),
      note: z.string(),
    })
    .transform(({ date, kind, start, end, note }) => ({
      date,
      kind,
      ...(kind === "OPEN" ? { start, end } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    }))
    .pipe(availabilityExceptionRequest)
    .refine((request) => request.date >= today, {
      message: "The date cannot be in the past",
      path: ["date"],
    });
}
type OverrideFormSchema = ReturnType<typeof overrideFormSchema>;
type OverrideFormInput = z.input<OverrideFormSchema>;

const EMPTY_OVERRIDE: OverrideFormInput = {
  date: "",
  kind: "CLOSED",
  start: "09:00",
  end: "13:00",
  note: "",
};

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
  const schema = useMemo(() => overrideFormSchema(today), [today]);
  const {
    register,
    handleSubmit,
    control,
    reset,
    getValues,
    formState: { errors },
  } = useForm<OverrideFormInput, unknown, z.output<OverrideFormSchema>>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_OVERRIDE,
  });
  const { field: kindField } = useController({ control, name: "kind" });
  const kind = kindField.value;
  const [result, setResult] = useState<{ message: string; change: AvailabilityChangeResponse } | null>(null);
  const addMutation = useAddAvailabilityException();
  const { isLatest, markLatest } = useLatestChange("overrides");
  const deleteMutation = useDeleteAvailabilityException();

  const onSubmit = handleSubmit((request) => {
    setResult(null);
    markLatest();
    deleteMutation.reset();
    addMutation.mutate(request, {
      onSuccess: (change) => {
        setResult({ message: `Override added for ${formatIsoDateWithWeekday(request.date)}.`, change });
        // The kind and times stay for the next date; the date and note start empty.
        reset({ ...getValues(), date: "", note: "" });
      },
    });
  });

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
            error={errors.date?.message}
            className="sm:max-w-60"
            {...register("date")}
          />
          <RadioCards<Kind>
            label="What changes"
            value={kind}
            onChange={kindField.onChange}
            options={[
              { value: "CLOSED", label: "Day off", description: "No lessons that date" },
              { value: "OPEN", label: "Different hours", description: "Only these hours that date" },
            ]}
          />
          {kind === "OPEN" ? (
            <div className="grid grid-cols-2 gap-3 sm:max-w-md">
              <SelectField
                label="Start time"
                options={START_TIME_OPTIONS}
                error={errors.start?.message}
                {...register("start")}
              />
              <SelectField
                label="End time"
                options={END_TIME_OPTIONS}
                error={errors.end?.message}
                {...register("end")}
              />
            </div>
          ) : null}
          <TextField
            label="Note (optional)"
            hint="Only you see this, e.g. “Car service”."
            maxLength={200}
            error={errors.note?.message}
            {...register("note")}
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
