import { zodResolver } from "@hookform/resolvers/zod";
import {
  type AvailabilityChangeResponse,
  type AvailabilityException,
  availabilityExceptionRequest,
  type InstructorAvailability,
} from "@kerb/shared";
import { daysBetween, sydneyTodayDate } from "@kerb/shared/rules";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import CalendarOff from "lucide-react/icons/calendar-off";
import CalendarPlus from "lucide-react/icons/calendar-plus";
import Clock from "lucide-react/icons/clock";
import Trash2 from "lucide-react/icons/trash";
import { type ReactNode, useMemo, useState } from "react";
import { type FieldPath, useController, useForm } from "react-hook-form";
import { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { SelectField, TextField } from "@/components/ui/field";
import { RadioCards } from "@/components/ui/radio-cards";
import { isApiError } from "@/lib/api-error";
import { formatIsoDateWithWeekday } from "@/lib/format";
import { useAddAvailabilityException } from "../api/add-availability-exception";
import { applyAvailabilityChange } from "../api/availability-change";
import { deleteAvailabilityException } from "../api/delete-availability-exception";
import {
  OVERRIDE_KIND_LABELS,
  type OverrideKind,
  type OverrideRow,
  overrideKindOf,
  overrideRequestOf,
  overrideRows,
} from "../model/overrides";
import { END_TIME_OPTIONS, formatClockRange, START_TIME_OPTIONS } from "../model/time-of-day";
import { ChangeResult, useLatestChange } from "./change-result";

const OVERRIDE_KINDS = ["DAY_OFF", "TIME_OFF", "EXTRA_HOURS"] as const satisfies readonly OverrideKind[];

/**
 * The form's fields as typed, read through the API's own request schema (times for time off and extra
 * hours, end after start, extra hours long enough for a lesson on the hour, a note of at most 200
 * characters), plus what only the form checks: a date is chosen and is not in the past.
 */
function overrideFormSchema(today: string) {
  return z
    .object({
      date: z.string().min(1, "Choose a date"),
      kind: z.enum(OVERRIDE_KINDS),
      start: z.string(),
      end: z.string(),
      note: z.string(),
    })
    .transform(({ date, kind, start, end, note }) => ({
      date,
      ...overrideRequestOf(kind, start, end),
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
  kind: "DAY_OFF",
  start: "09:00",
  end: "13:00",
  note: "",
};

const FORM_FIELDS = new Set(["date", "start", "end", "note"]);

const KIND_DESCRIPTIONS: Record<OverrideKind, string> = {
  DAY_OFF: "No lessons that date",
  TIME_OFF: "Take these hours off; the rest of the day stays",
  EXTRA_HOURS: "Work these hours as well as your usual ones",
};

/** "Time off · 9:00 am – 11:00 am" and the like, as the list shows an override. */
function overrideBadge(exception: AvailabilityException): ReactNode {
  const kind = overrideKindOf(exception);
  const label = OVERRIDE_KIND_LABELS[kind];
  if (kind === "DAY_OFF") return <Badge tone="neutral">{label}</Badge>;
  const hours = formatClockRange(exception.start ?? "00:00", exception.end ?? "24:00");
  return (
    <Badge tone={kind === "EXTRA_HOURS" ? "info" : "warning"}>
      {label} · {hours}
    </Badge>
  );
}

function OverrideItem({
  row,
  onDelete,
  isDeleting,
}: {
  row: OverrideRow;
  onDelete: () => void;
  isDeleting: boolean;
}) {
  const isRun = row.type === "days-off";
  const exception = isRun ? null : row.exception;
  const date = isRun
    ? `${formatIsoDateWithWeekday(row.from)} – ${formatIsoDateWithWeekday(row.to)}`
    : formatIsoDateWithWeekday(row.exception.date);
  const note = isRun ? row.note : row.exception.note;
  const isOff = isRun || (exception !== null && exception.kind === "CLOSED");
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-start gap-3">
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600"
          aria-hidden="true"
        >
          {isOff ? <CalendarOff className="size-5" /> : <Clock className="size-5" />}
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="font-semibold text-slate-900">{date}</p>
          <p className="flex flex-wrap items-center gap-2 text-slate-700 text-sm">
            {isRun ? (
              <Badge tone="neutral">{`${daysBetween(row.from, row.to) + 1} days off`}</Badge>
            ) : exception ? (
              overrideBadge(exception)
            ) : null}
            {note ? <span className="min-w-0 break-words">{note}</span> : null}
          </p>
        </div>
      </div>
      <Button
        variant="ghost"
        size="sm"
        aria-label={isRun ? `Delete days off ${date}` : `Delete override for ${date}`}
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

/** Removes each override of a row in turn (a run of days off is several), keeping the last answer. */
function useDeleteOverrides() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      let change: AvailabilityChangeResponse | null = null;
      for (const id of ids) {
        change = await deleteAvailabilityException(id);
        applyAvailabilityChange(queryClient, change);
      }
      if (!change) throw new Error("Nothing to delete");
      return change;
    },
  });
}

/**
 * One-off changes to one date that touch only the hours they cover: a day off, time off (some hours of
 * the day) or extra hours (on top of the weekly ones).
 */
export function DateOverridesCard({ availability }: { availability: InstructorAvailability }) {
  const today = sydneyTodayDate(new Date());
  const schema = useMemo(() => overrideFormSchema(today), [today]);
  const {
    register,
    handleSubmit,
    control,
    reset,
    getValues,
    setError,
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
  const deleteMutation = useDeleteOverrides();
  const rows = useMemo(() => overrideRows(availability.exceptions), [availability.exceptions]);

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
      onError: (error) => {
        // The API's reasons about one field (hours already passed, too short…) go beside it as well.
        if (!isApiError(error)) return;
        for (const issue of error.fieldIssues) {
          const name = issue.path.split(".")[0] ?? "";
          if (FORM_FIELDS.has(name)) {
            setError(name as FieldPath<OverrideFormInput>, { type: "server", message: issue.message });
          }
        }
      },
    });
  });

  const onDelete = (row: OverrideRow) => {
    setResult(null);
    markLatest();
    addMutation.reset();
    const ids = row.type === "days-off" ? row.exceptions.map((e) => e.id) : [row.exception.id];
    const what =
      row.type === "days-off"
        ? `Days off removed from ${formatIsoDateWithWeekday(row.from)} to ${formatIsoDateWithWeekday(row.to)}.`
        : `Override removed for ${formatIsoDateWithWeekday(row.exception.date)}.`;
    deleteMutation.mutate(ids, { onSuccess: (change) => setResult({ message: what, change }) });
  };

  const deletingIds = deleteMutation.isPending ? (deleteMutation.variables ?? []) : [];
  const hasTimes = kind !== "DAY_OFF";

  return (
    <Card>
      <CardHeader
        title="Date overrides"
        description="Take a day off, take some hours off, or add extra hours on one date. An override changes only the hours it covers: the rest of that day keeps your weekly hours."
      />
      <CardContent className="flex flex-col gap-6">
        {result && isLatest ? <ChangeResult success={result.message} change={result.change} /> : null}
        {deleteMutation.isError ? (
          <ErrorState title="We couldn't remove that override" error={deleteMutation.error} />
        ) : null}

        {rows.length === 0 ? (
          <p className="rounded-xl bg-slate-50 px-4 py-3 text-slate-600 text-sm">
            No overrides coming up. Add one below when you need a day off, some time off or extra hours.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Upcoming overrides">
            {rows.map((row) => {
              const ids = row.type === "days-off" ? row.exceptions.map((e) => e.id) : [row.exception.id];
              return (
                <OverrideItem
                  key={ids[0]}
                  row={row}
                  isDeleting={ids.some((id) => deletingIds.includes(id))}
                  onDelete={() => onDelete(row)}
                />
              );
            })}
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
          <RadioCards<OverrideKind>
            label="What changes"
            value={kind}
            onChange={(next) => {
              kindField.onChange(next);
              addMutation.reset();
            }}
            size="lg"
            columns={3}
            options={OVERRIDE_KINDS.map((value) => ({
              value,
              label: OVERRIDE_KIND_LABELS[value],
              description: KIND_DESCRIPTIONS[value],
            }))}
          />
          {hasTimes ? (
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
