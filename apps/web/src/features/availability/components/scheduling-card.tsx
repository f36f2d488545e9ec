import { zodResolver } from "@hookform/resolvers/zod";
import {
  dailyLessonCap,
  type InstructorAvailability,
  LESSON_LENGTHS,
  LESSON_MINUTES,
  MAX_DAILY_LESSON_CAP,
  MAX_NOTICE_HOURS,
  MIN_NOTICE_HOURS,
  minNoticeHours,
  TRAVEL_BUFFER_MAX_MINUTES,
  travelBufferMinutes,
} from "@kerb/shared";
import { lessonLengthLabel, normaliseLessonLengths } from "@kerb/shared/rules";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { TextField } from "@/components/ui/field";
import { useUpdateInstructorSettings } from "../api/update-instructor-settings";
import { ChangeResult, useLatestChange } from "./change-result";

/** Typed numbers read through the API's own field schemas; an empty daily cap means no cap. */
const schedulingForm = z.object({
  travelBufferMinutes: z
    .string()
    .trim()
    .min(1, "Enter the minutes to keep free between lessons (0 for none)")
    .transform(Number)
    .pipe(travelBufferMinutes),
  minNoticeHours: z
    .string()
    .trim()
    .min(1, "Enter the minimum notice in hours")
    .transform(Number)
    .pipe(minNoticeHours),
  dailyLessonCap: z
    .string()
    .trim()
    .transform((value) => (value === "" ? null : Number(value)))
    .pipe(dailyLessonCap),
  teachesPublicHolidays: z.boolean(),
  /** The ticked lengths beyond the standard hour, as the checkboxes' values ("90", "120"). */
  longerLengths: z.array(z.string()),
});
type SchedulingFormInput = z.input<typeof schedulingForm>;
type SchedulingFormValues = z.output<typeof schedulingForm>;

function formValuesOf(availability: InstructorAvailability): SchedulingFormInput {
  return {
    travelBufferMinutes: String(availability.travelBufferMinutes),
    minNoticeHours: String(availability.minNoticeHours),
    dailyLessonCap: availability.dailyLessonCap === null ? "" : String(availability.dailyLessonCap),
    teachesPublicHolidays: availability.teachesPublicHolidays,
    longerLengths: availability.lessonLengths.filter((l) => l !== LESSON_MINUTES).map(String),
  };
}

/** The lengths an instructor may tick: the standard hour is always offered. */
const LONGER_LENGTHS = LESSON_LENGTHS.filter((l) => l !== LESSON_MINUTES);

/** "60-minute lessons only", "lessons of 60 minutes or 2 hours". */
function lengthsSummary(lengths: readonly number[]): string {
  if (lengths.length <= 1) return "60-minute lessons only";
  const labels = lengths.map(lessonLengthLabel);
  return `lessons of ${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;
}

/**
 * "Scheduling saved: 30 minutes between lessons, 24 hours' notice, at most 5 a day, closed on public
 * holidays, lessons of 60 minutes or 2 hours."
 */
function savedSummary(a: InstructorAvailability): string {
  const buffer =
    a.travelBufferMinutes === 0
      ? "no extra time between lessons"
      : `${a.travelBufferMinutes} minutes between lessons`;
  const notice = `${a.minNoticeHours} hours' notice`;
  const cap = a.dailyLessonCap === null ? "no daily cap" : `at most ${a.dailyLessonCap} a day`;
  const holidays = a.teachesPublicHolidays ? "teaching on public holidays" : "closed on public holidays";
  return `Scheduling saved: ${buffer}, ${notice}, ${cap}, ${holidays}, ${lengthsSummary(a.lessonLengths)}.`;
}

/**
 * How the instructor's days are booked: a buffer, minimum notice, a daily cap, public holidays and the
 * lesson lengths offered (60 minutes always).
 */
export function SchedulingCard({ availability }: { availability: InstructorAvailability }) {
  const mutation = useUpdateInstructorSettings();
  const { isLatest, markLatest } = useLatestChange("scheduling");
  const holidaysId = useId();
  const holidaysHintId = useId();
  const lengthsHintId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SchedulingFormInput, unknown, SchedulingFormValues>({
    resolver: zodResolver(schedulingForm),
    defaultValues: formValuesOf(availability),
  });
  const clearResult = { onChange: () => mutation.reset() };

  const onSubmit = handleSubmit(({ longerLengths, ...values }) => {
    markLatest();
    // 60 minutes always, then the ticked longer ones, in order.
    const lessonLengths = normaliseLessonLengths(longerLengths.map(Number));
    mutation.mutate(
      { ...values, lessonLengths },
      { onSuccess: (change) => reset(formValuesOf(change.availability)) },
    );
  });

  return (
    <Card>
      <CardHeader
        title="Scheduling"
        description="How students can book your time. These apply to new bookings; booked lessons stay as they are."
      />
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Scheduling" className="flex flex-col gap-4">
          <TextField
            label="Buffer between lessons (minutes)"
            type="number"
            inputMode="numeric"
            step={5}
            min={0}
            max={TRAVEL_BUFFER_MAX_MINUTES}
            hint={`Kept free after each lesson, on top of the drive to the next suburb. 0 to ${TRAVEL_BUFFER_MAX_MINUTES}.`}
            error={errors.travelBufferMinutes?.message}
            {...register("travelBufferMinutes", clearResult)}
          />
          <TextField
            label="Minimum notice (hours)"
            type="number"
            inputMode="numeric"
            step={1}
            min={MIN_NOTICE_HOURS}
            max={MAX_NOTICE_HOURS}
            hint={`How long before a lesson students can still book it. ${MIN_NOTICE_HOURS} to ${MAX_NOTICE_HOURS}.`}
            error={errors.minNoticeHours?.message}
            {...register("minNoticeHours", clearResult)}
          />
          <TextField
            label="Daily lesson cap"
            type="number"
            inputMode="numeric"
            step={1}
            min={1}
            max={MAX_DAILY_LESSON_CAP}
            placeholder="No cap"
            hint={`The most lessons you teach in a day, 1 to ${MAX_DAILY_LESSON_CAP}. Leave it empty for no cap.`}
            error={errors.dailyLessonCap?.message}
            {...register("dailyLessonCap", clearResult)}
          />
          <div className="flex items-start gap-3">
            <input
              id={holidaysId}
              type="checkbox"
              aria-describedby={holidaysHintId}
              className="mt-0.5 size-5 shrink-0 accent-brand-600"
              {...register("teachesPublicHolidays", clearResult)}
            />
            <div className="flex flex-col gap-0.5">
              <label htmlFor={holidaysId} className="font-medium text-slate-900 text-sm">
                Teach on NSW public holidays
              </label>
              <p id={holidaysHintId} className="text-slate-600 text-sm">
                Left unticked, students cannot book you on public holidays such as Christmas Day.
              </p>
            </div>
          </div>
          <fieldset className="flex flex-col gap-2" aria-describedby={lengthsHintId}>
            <legend className="font-medium text-slate-900 text-sm">Lesson lengths offered</legend>
            <p id={lengthsHintId} className="text-slate-600 text-sm">
              Students choose the length when they book; the price is your rate for the hours. Bundle credits
              pay for 60-minute and 2-hour lessons (two credits), not 90 minutes.
            </p>
            <label className="flex min-h-11 items-center gap-3 text-slate-900 text-sm">
              <input type="checkbox" checked disabled className="size-5 shrink-0 accent-brand-600" />
              <span>
                {lessonLengthLabel(LESSON_MINUTES)} <span className="text-slate-600">(always offered)</span>
              </span>
            </label>
            {LONGER_LENGTHS.map((length) => (
              <label key={length} className="flex min-h-11 items-center gap-3 text-slate-900 text-sm">
                <input
                  type="checkbox"
                  value={String(length)}
                  className="size-5 shrink-0 accent-brand-600"
                  {...register("longerLengths", clearResult)}
                />
                {lessonLengthLabel(length)}
              </label>
            ))}
          </fieldset>
          {mutation.isError ? (
            <ErrorState title="We couldn't save your scheduling settings" error={mutation.error} />
          ) : null}
          {mutation.isSuccess && isLatest ? (
            <ChangeResult success={savedSummary(mutation.data.availability)} change={mutation.data} />
          ) : null}
          <div>
            <Button type="submit" isLoading={mutation.isPending} loadingText="Saving…">
              Save scheduling
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
