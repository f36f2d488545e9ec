import { zodResolver } from "@hookform/resolvers/zod";
import { LEAVE_MAX_DAYS, type LeaveResponse, leaveRequest } from "@kerb/shared";
import { sydneyDateOf, sydneyTodayDate } from "@kerb/shared/rules";
import Plane from "lucide-react/icons/plane";
import { useMemo, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { TextField } from "@/components/ui/field";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { isApiError } from "@/lib/api-error";
import { formatDate, formatIsoDateWithWeekday, formatTimeRange } from "@/lib/format";
import { useAddLeave } from "../api/add-leave";
import { ChangeResult, useLatestChange } from "./change-result";

/** The API's leave schema (real dates, the last not before the first, at most 90 days), plus a start not in the past. */
function leaveFormSchema(today: string) {
  return z
    .object({
      startDate: z.string().min(1, "Choose the first day of your leave"),
      endDate: z.string().min(1, "Choose the last day of your leave"),
      note: z.string(),
    })
    .transform(({ startDate, endDate, note }) => ({
      startDate,
      endDate,
      ...(note.trim() ? { note: note.trim() } : {}),
    }))
    .pipe(leaveRequest)
    .refine((request) => request.startDate >= today, {
      message: "Leave cannot start in the past",
      path: ["startDate"],
    });
}
type LeaveFormSchema = ReturnType<typeof leaveFormSchema>;
type LeaveFormInput = z.input<LeaveFormSchema>;

const EMPTY_LEAVE: LeaveFormInput = { startDate: "", endDate: "", note: "" };
const FORM_FIELDS = new Set(["startDate", "endDate", "note"]);

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** What the leave did, in a sentence: the days taken off and those that were off already. */
function leaveSummary(result: LeaveResponse, request: { startDate: string; endDate: string }): string {
  const { added, skipped } = result.leave;
  const range = `${formatIsoDateWithWeekday(request.startDate)} to ${formatIsoDateWithWeekday(request.endDate)}`;
  if (added.length === 0) return `Every day from ${range} was already a day off: nothing changed.`;
  const already =
    skipped.length === 0
      ? ""
      : ` ${days(skipped.length)} ${skipped.length === 1 ? "was" : "were"} already a day off.`;
  return `Leave added: ${days(added.length)} off from ${range}.${already}`;
}

/** The booked lessons that fall in the leave just taken, as the API listed them. */
function ClashingLessons({
  result,
  request,
}: {
  result: LeaveResponse;
  request: { startDate: string; endDate: string };
}) {
  const clashing = result.affectedBookings.filter((lesson) => {
    const date = sydneyDateOf(new Date(lesson.startTime));
    return date >= request.startDate && date <= request.endDate;
  });
  if (clashing.length === 0) return null;
  return (
    <Alert
      tone="warning"
      title={
        clashing.length === 1
          ? "1 booked lesson falls in your leave"
          : `${clashing.length} booked lessons fall in your leave`
      }
      action={
        <TextLink to={paths.instructor.lessons()} className="text-sm">
          Go to your lessons
        </TextLink>
      }
    >
      <p>
        They have NOT been cancelled. We have emailed each student; cancel the lesson from your lessons list
        (the student is refunded in full), or remove that day of leave to teach it.
      </p>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
        {clashing.map((lesson) => (
          <li key={lesson.id}>
            <span className="font-semibold">
              {formatDate(lesson.startTime)} {formatTimeRange(lesson.startTime, lesson.endTime)}
            </span>{" "}
            with {lesson.student.firstName} {lesson.student.lastName} in {lesson.suburb}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** Leave over a date range: a whole day off for each date, in one action. */
export function LeaveCard() {
  const today = sydneyTodayDate(new Date());
  const schema = useMemo(() => leaveFormSchema(today), [today]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<LeaveFormInput, unknown, z.output<LeaveFormSchema>>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_LEAVE,
  });
  const mutation = useAddLeave();
  const { isLatest, markLatest } = useLatestChange("leave");
  const [result, setResult] = useState<{
    response: LeaveResponse;
    request: { startDate: string; endDate: string };
  } | null>(null);

  const onSubmit = handleSubmit((request) => {
    setResult(null);
    markLatest();
    mutation.mutate(request, {
      onSuccess: (response) => {
        setResult({ response, request });
        reset(EMPTY_LEAVE);
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        for (const issue of error.fieldIssues) {
          const name = issue.path.split(".")[0] ?? "";
          if (FORM_FIELDS.has(name)) {
            setError(name as FieldPath<LeaveFormInput>, { type: "server", message: issue.message });
          }
        }
      },
    });
  });

  return (
    <Card>
      <CardHeader
        title="Take leave"
        description={`A day off for every date from the first to the last day, up to ${LEAVE_MAX_DAYS} days at a time. Booked lessons are never cancelled: we tell their students.`}
      />
      <CardContent className="flex flex-col gap-4">
        {result && isLatest ? (
          <>
            <ChangeResult success={leaveSummary(result.response, result.request)} change={result.response} />
            <ClashingLessons result={result.response} request={result.request} />
          </>
        ) : null}
        <form onSubmit={onSubmit} noValidate aria-label="Take leave" className="flex flex-col gap-4">
          <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:max-w-md">
            <TextField
              label="First day"
              type="date"
              min={today}
              error={errors.startDate?.message}
              {...register("startDate")}
            />
            <TextField
              label="Last day"
              type="date"
              min={today}
              error={errors.endDate?.message}
              {...register("endDate")}
            />
          </div>
          <TextField
            label="Note (optional)"
            hint="Only you see this. Left empty, the days say “Leave”."
            maxLength={200}
            error={errors.note?.message}
            {...register("note")}
          />
          {mutation.isError ? <ErrorState title="We couldn't add your leave" error={mutation.error} /> : null}
          <div>
            <Button
              type="submit"
              variant="secondary"
              isLoading={mutation.isPending}
              loadingText="Adding leave…"
              icon={<Plane className="size-4" aria-hidden="true" />}
            >
              Take leave
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
