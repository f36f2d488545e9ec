import type { InstructorAvailability, TimeRange } from "@kerb/shared";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import { useId, useMemo } from "react";
import {
  type Control,
  type Resolver,
  type ResolverResult,
  type UseFormRegister,
  useFieldArray,
  useForm,
  useWatch,
} from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { useUpdateWeeklyAvailability } from "../api/update-weekly-availability";
import { END_TIME_OPTIONS, START_TIME_OPTIONS } from "../model/time-of-day";
import {
  type DayErrors,
  MAX_RANGES_PER_DAY,
  nextRange,
  toWeeklyHours,
  toWeeklyPayload,
  validateWeek,
  WEEKDAYS,
  type WeeklyHours,
  weeklyTotalHours,
} from "../model/weekly-hours";
import { ChangeResult, useLatestChange } from "./change-result";
import { TimeSelect } from "./time-select";

function FieldError({ id, message }: { id?: string; message: string }) {
  return (
    <p id={id} className="flex items-start gap-1.5 font-medium text-red-700 text-sm">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}

/** The week as the form holds it: one entry per weekday, Monday first (WEEKDAYS order). */
type WeeklyForm = { week: { weekday: number; ranges: TimeRange[] }[] };

function toForm(hours: WeeklyHours): WeeklyForm {
  return { week: WEEKDAYS.map(({ weekday }) => ({ weekday, ranges: hours[weekday] ?? [] })) };
}

function fromForm(form: WeeklyForm): WeeklyHours {
  return toWeeklyHours(form.week);
}

/** The utils' validation (the shared rules, worded for the form) decides whether the week can be sent. */
const weeklyResolver: Resolver<WeeklyForm> = (values): ResolverResult<WeeklyForm> =>
  Object.keys(validateWeek(fromForm(values))).length === 0
    ? { values, errors: {} }
    : { values: {}, errors: { week: { type: "validate", message: "Some hours need fixing" } } };

type DayRowProps = {
  name: string;
  dayIndex: number;
  control: Control<WeeklyForm>;
  register: UseFormRegister<WeeklyForm>;
  errors?: DayErrors;
  /** Any edit of the day: a new edit hides the result of the last save. */
  onEdit: () => void;
};

function DayRow({ name, dayIndex, control, register, errors, onEdit }: DayRowProps) {
  const headingId = useId();
  const errorId = useId();
  const { fields, append, remove } = useFieldArray({ control, name: `week.${dayIndex}.ranges` });
  const ranges = useWatch({ control, name: `week.${dayIndex}.ranges` }) ?? [];

  const addButton =
    fields.length < MAX_RANGES_PER_DAY ? (
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Add hours on ${name}`}
        className="order-2 justify-self-end sm:order-3"
        icon={<Plus className="size-4" aria-hidden="true" />}
        onClick={() => {
          append(nextRange(ranges));
          onEdit();
        }}
      >
        Add hours
      </Button>
    ) : null;

  // Phones: day and "Add hours" on one line, the ranges below. Wider: day | ranges | Add hours.
  return (
    <fieldset
      aria-labelledby={headingId}
      className="grid grid-cols-[1fr_auto] items-start gap-x-4 gap-y-2 py-4 first:pt-0 last:pb-0 sm:grid-cols-[7rem_1fr_auto]"
    >
      <h3 id={headingId} className="order-1 flex min-h-11 items-center font-semibold text-slate-900">
        {name}
      </h3>
      <div className="order-3 col-span-2 flex min-w-0 flex-col gap-3 sm:order-2 sm:col-span-1">
        {fields.length === 0 ? (
          <p className="flex items-center text-slate-500 sm:min-h-11">Unavailable</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {fields.map((field, index) => {
              const rangeError = errors?.ranges[index];
              const rangeErrorId = `${errorId}-${index}`;
              const label = `${name} range ${index + 1}`;
              return (
                <li key={field.id} className="flex flex-col gap-1.5">
                  <div className="flex items-center gap-2">
                    <TimeSelect
                      aria-label={`${label} start`}
                      options={START_TIME_OPTIONS}
                      aria-invalid={rangeError ? true : undefined}
                      aria-describedby={rangeError ? rangeErrorId : undefined}
                      className="min-w-0 max-w-36"
                      {...register(`week.${dayIndex}.ranges.${index}.start`, { onChange: onEdit })}
                    />
                    <span className="text-slate-500" aria-hidden="true">
                      –
                    </span>
                    <TimeSelect
                      aria-label={`${label} end`}
                      options={END_TIME_OPTIONS}
                      aria-invalid={rangeError ? true : undefined}
                      aria-describedby={rangeError ? rangeErrorId : undefined}
                      className="min-w-0 max-w-36"
                      {...register(`week.${dayIndex}.ranges.${index}.end`, { onChange: onEdit })}
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${label}`}
                      title="Remove these hours"
                      className="shrink-0 px-2.5 text-slate-500 hover:text-red-700"
                      icon={<Trash2 className="size-5" aria-hidden="true" />}
                      onClick={() => {
                        remove(index);
                        onEdit();
                      }}
                    />
                  </div>
                  {rangeError ? <FieldError id={rangeErrorId} message={rangeError} /> : null}
                </li>
              );
            })}
          </ul>
        )}
        {errors?.day ? <FieldError message={errors.day} /> : null}
      </div>
      {addButton}
    </fieldset>
  );
}

/**
 * Weekly hours per weekday, several ranges a day on the hour or half hour. Saving replaces the whole
 * week; lessons already booked outside the new hours are reported, not cancelled.
 */
export function WeeklyHoursEditor({ availability }: { availability: InstructorAvailability }) {
  const mutation = useUpdateWeeklyAvailability();
  const { isLatest, markLatest } = useLatestChange("weekly");
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors: submitErrors, defaultValues },
  } = useForm<WeeklyForm>({
    resolver: weeklyResolver,
    defaultValues: toForm(toWeeklyHours(availability.weekly)),
    // Errors are shown live below; the summary alert is about the last attempt to save.
    reValidateMode: "onSubmit",
  });
  const week = useWatch({ control, name: "week" });
  const hours = useMemo(() => fromForm({ week }), [week]);

  const errors = useMemo(() => validateWeek(hours), [hours]);
  const hasErrors = Object.keys(errors).length > 0;
  const saved = fromForm(defaultValues as WeeklyForm);
  const isDirty = JSON.stringify(toWeeklyPayload(hours)) !== JSON.stringify(toWeeklyPayload(saved));
  const total = weeklyTotalHours(hours);

  const onEdit = () => {
    if (!mutation.isPending) mutation.reset();
  };

  const onSubmit = handleSubmit((values) => {
    markLatest();
    mutation.mutate(toWeeklyPayload(fromForm(values)), {
      onSuccess: (change) => reset(toForm(toWeeklyHours(change.availability.weekly))),
    });
  });

  return (
    <Card>
      <CardHeader
        title="Weekly hours"
        description="When students can book you each week (Sydney time). Lessons start on the hour and last 60 minutes, or longer if you offer it under Scheduling."
        action={isDirty ? <Badge tone="warning">Unsaved changes</Badge> : null}
      />
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Weekly hours" className="flex flex-col gap-5">
          <div className="divide-y divide-slate-100">
            {WEEKDAYS.map(({ weekday, name }, dayIndex) => (
              <DayRow
                key={weekday}
                name={name}
                dayIndex={dayIndex}
                control={control}
                register={register}
                errors={errors[weekday]}
                onEdit={onEdit}
              />
            ))}
          </div>

          {submitErrors.week && hasErrors ? (
            <Alert tone="error" title="Some hours need fixing">
              Check the times marked above: each end time must be after its start, and ranges on one day must
              not overlap.
            </Alert>
          ) : null}
          {mutation.isError ? (
            <ErrorState title="We couldn't save your hours" error={mutation.error} />
          ) : null}
          {mutation.isSuccess && isLatest ? (
            <ChangeResult success="Weekly hours saved." change={mutation.data} />
          ) : null}

          <div className="flex flex-col-reverse gap-3 border-slate-100 border-t pt-5 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-slate-600 text-sm">
              {total === 0
                ? "No weekly hours: students can only book dates you open below."
                : `${total} ${total === 1 ? "hour" : "hours"} a week`}
            </p>
            <Button type="submit" isLoading={mutation.isPending} loadingText="Saving…">
              Save weekly hours
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
