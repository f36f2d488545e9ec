import { RESCHEDULE_NOTICE_HOURS, type StudentProfileBooking } from "@kerb/shared";
import { canReschedule, sydneyDateOf } from "@kerb/shared/rules";
import { useQueryClient } from "@tanstack/react-query";
import CalendarClock from "lucide-react/icons/calendar-clock";
import CalendarX2 from "lucide-react/icons/calendar-x-2";
import Clock from "lucide-react/icons/clock";
import UserRound from "lucide-react/icons/user-round";
import { useMemo, useState } from "react";
import { useParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PageWithBackLink } from "@/components/ui/page-with-back-link";
import { PageSpinner } from "@/components/ui/spinner";
import { StepActions, StepFrame } from "@/components/ui/step-frame";
import { paths } from "@/config/paths";
import {
  availabilityKeys,
  CalendarCard,
  DayTimesCard,
  isOpenDay,
  type SelectedSlot,
  SlotList,
  slotKey,
  useCalendarAvailability,
  useOwnLessonClash,
} from "@/features/availability";
import { errorMessage, isApiError } from "@/lib/api-error";
import { formatTimeRange } from "@/lib/format";
import { scopeKeys } from "@/lib/query-keys";
import { useNow } from "@/lib/use-now";
import { useStudentLesson } from "../api/get-student-lesson";
import { useRescheduleBooking } from "../api/reschedule-booking";
import {
  isMovable,
  isSlotOfKind,
  lessonKind,
  lessonWhen,
  moveLessonLabel,
  rescheduleSource,
  summaryOfKind,
} from "../utils/reschedule";

const TITLE = "Reschedule lesson";
const CURRENT_MARK = "Your lesson now";

/**
 * /student/bookings/:id/reschedule: that instructor's calendar in the lesson's suburb, only times of
 * the lesson's kind, the current time marked; one new time and a confirm move it at no cost. Inside
 * the last 24 hours the page says rescheduling has closed and points to cancelling instead.
 */
export function ReschedulePage() {
  const { bookingId = "" } = useParams();
  const lessonQuery = useStudentLesson(bookingId);
  const now = useNow();
  const [moved, setMoved] = useState<StudentProfileBooking | null>(null);

  function content() {
    if (moved) {
      return (
        <StepFrame
          title="Lesson moved"
          description="Your instructor has the new time. The old one is free for others."
        >
          <Alert tone="success" title={`Lesson moved to ${lessonWhen(moved.startTime)}`}>
            {formatTimeRange(moved.startTime, moved.endTime)} with {moved.instructor.firstName}{" "}
            {moved.instructor.lastName}. Nothing to pay.
          </Alert>
          <StepActions>
            <ButtonLink to={paths.student.dashboard()} variant="outline" size="lg">
              Go to dashboard
            </ButtonLink>
            <ButtonLink to={paths.student.bookings()} size="lg">
              See my lessons
            </ButtonLink>
          </StepActions>
        </StepFrame>
      );
    }
    if (lessonQuery.isPending) return <PageSpinner label="Loading your lesson…" />;
    if (lessonQuery.isError) {
      return (
        <StepFrame title={TITLE}>
          <ErrorState
            title="We couldn't load your lesson"
            error={lessonQuery.error}
            onRetry={() => lessonQuery.refetch()}
            isRetrying={lessonQuery.isFetching}
          />
        </StepFrame>
      );
    }
    const { lesson, suburb } = lessonQuery.data;
    if (!lesson) {
      return (
        <StepFrame title={TITLE}>
          <EmptyState
            icon={<CalendarX2 className="size-6" />}
            title="We couldn't find this lesson"
            description="It may belong to another account, or the link is incomplete. Your lessons are listed on the My Lessons page."
            action={<ButtonLink to={paths.student.bookings()}>See my lessons</ButtonLink>}
          />
        </StepFrame>
      );
    }
    if (!isMovable(lesson, now)) {
      return (
        <StepFrame title={TITLE}>
          <CurrentLesson lesson={lesson} />
          <Alert tone="info" title="This lesson can't be moved">
            Only upcoming lessons that are booked and paid can be rescheduled.
          </Alert>
          <BackToLessons />
        </StepFrame>
      );
    }
    if (!canReschedule(new Date(lesson.startTime), new Date(now))) {
      return (
        <StepFrame title={TITLE}>
          <CurrentLesson lesson={lesson} />
          <WindowClosed />
        </StepFrame>
      );
    }
    if (!suburb) {
      return (
        <StepFrame title={TITLE}>
          <Alert tone="error" title="We don't know where this lesson is">
            Contact us and we'll move it for you.
          </Alert>
          <BackToLessons />
        </StepFrame>
      );
    }
    return (
      <StepFrame
        title={TITLE}
        description={`Pick a new free time with ${lesson.instructor.firstName} ${lesson.instructor.lastName}. Moving a lesson is free up to ${RESCHEDULE_NOTICE_HOURS} hours before it starts.`}
      >
        <CurrentLesson lesson={lesson} />
        <RescheduleForm lesson={lesson} suburb={suburb} onMoved={setMoved} />
      </StepFrame>
    );
  }

  return (
    <PageWithBackLink documentTitle={TITLE} back={{ to: paths.student.bookings(), label: "My lessons" }}>
      {content()}
    </PageWithBackLink>
  );
}

function BackToLessons() {
  return (
    <div>
      <ButtonLink to={paths.student.bookings()} variant="outline">
        Back to my lessons
      </ButtonLink>
    </div>
  );
}

/** Rescheduling closes 24 hours before the start; cancelling (with its own terms) is still open. */
function WindowClosed() {
  return (
    <Alert
      tone="warning"
      title="Rescheduling has closed for this lesson"
      action={
        <ButtonLink to={paths.student.bookings()} variant="outline">
          Go to my lessons to cancel
        </ButtonLink>
      }
    >
      Lessons can be moved up to {RESCHEDULE_NOTICE_HOURS} hours before they start. You can still cancel it
      from My Lessons, where you'll see exactly what comes back before you confirm.
    </Alert>
  );
}

function CurrentLesson({ lesson }: { lesson: StudentProfileBooking }) {
  return (
    <Card>
      <CardContent className="flex items-start gap-3">
        <CalendarClock className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="flex flex-col gap-1 text-sm">
          <p className="font-semibold text-base text-slate-900">{CURRENT_MARK}</p>
          <p className="flex items-center gap-1.5 text-slate-700">
            <Clock className="size-4 text-slate-500" aria-hidden="true" />
            {lessonWhen(lesson.startTime)} ({formatTimeRange(lesson.startTime, lesson.endTime)})
          </p>
          <p className="flex items-center gap-1.5 text-slate-700">
            <UserRound className="size-4 text-slate-500" aria-hidden="true" />
            <span>
              <span className="sr-only">Instructor: </span>
              {lesson.instructor.firstName} {lesson.instructor.lastName}
            </span>
          </p>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
            <Badge tone={lesson.isPoolHours ? "accent" : "info"}>
              {lesson.isPoolHours ? "Pool Hours lesson" : "Standard lesson"}
            </Badge>
            <span>
              {lesson.isPoolHours ? "Moves only to Pool Hours times." : "Moves only to standard times."}
            </span>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

type RescheduleFormProps = {
  lesson: StudentProfileBooking;
  suburb: string;
  onMoved: (booking: StudentProfileBooking) => void;
};

function RescheduleForm({ lesson, suburb, onMoved }: RescheduleFormProps) {
  const queryClient = useQueryClient();
  const reschedule = useRescheduleBooking();
  const kind = lessonKind(lesson);
  const source = rescheduleSource(lesson);
  const calendar = useCalendarAvailability(suburb, source);
  const all = calendar.summaryQuery.data;
  const summary = useMemo(() => (all ? summaryOfKind(all, kind) : undefined), [all, kind]);
  const lessonDate = sydneyDateOf(new Date(lesson.startTime));
  const [pickedDate, setPickedDate] = useState<string | null>(null);
  // The lesson's own day first, when it has other free times.
  const selectedDate = pickedDate ?? (isOpenDay(summary, lessonDate) ? lessonDate : null);
  const [chosen, setChosen] = useState<SelectedSlot | null>(null);
  const selectedCounts = useMemo(
    () => new Map(chosen ? [[sydneyDateOf(new Date(chosen.startTime)), 1]] : []),
    [chosen],
  );
  // The lesson being moved frees its own time; every other lesson of the student still blocks theirs.
  const isOwnLessonTime = useOwnLessonClash({ movingBookingId: lesson.id });
  const failure = reschedule.error;
  const isClosed = isApiError(failure) && failure.code === "reschedule_window_closed";

  function move() {
    if (!chosen) return;
    reschedule.mutate(
      { bookingId: lesson.id, request: { startTime: chosen.startTime, endTime: chosen.endTime } },
      {
        onSuccess: ({ booking }) => {
          void queryClient.invalidateQueries({ queryKey: scopeKeys.student });
          void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
          onMoved(booking);
        },
        onError: (error) => {
          if (isApiError(error) && error.code === "slot_unavailable") {
            // Someone took it first: show the day as it is now and let the student pick again.
            setChosen(null);
            void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
          }
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <CalendarCard
        calendar={calendar}
        summary={summary}
        selectedDate={selectedDate}
        selectedCounts={selectedCounts}
        onSelectDate={setPickedDate}
        marked={{ date: lessonDate, label: CURRENT_MARK }}
        empty={{
          description: `${lesson.instructor.firstName} ${lesson.instructor.lastName} has no other free ${kind === "pool" ? "Pool Hours" : "standard"} times in ${suburb} over this period. Your lesson stays as it is.`,
          action: (
            <ButtonLink to={paths.student.bookings()} variant="outline">
              Back to my lessons
            </ButtonLink>
          ),
        }}
      />

      <DayTimesCard
        summary={summary}
        selectedDate={selectedDate}
        className="flex flex-col gap-3"
        hint={
          <>
            Only {kind === "pool" ? "Pool Hours" : "standard"} times are shown: a lesson keeps its kind when
            it moves.
          </>
        }
      >
        {(date) => (
          <>
            {date === lessonDate ? (
              <p className="text-slate-600 text-sm">
                Your lesson is at {formatTimeRange(lesson.startTime, lesson.endTime)} on this day.
              </p>
            ) : null}
            <SlotList
              query={{ suburb, date, ...source }}
              selection={chosen ? [chosen] : []}
              onToggle={(slot) => setChosen(chosen && slotKey(chosen) === slotKey(slot) ? null : slot)}
              filter={(slot) => isSlotOfKind(slot, kind)}
              priceText="No charge"
              isOwnLessonTime={isOwnLessonTime}
            />
          </>
        )}
      </DayTimesCard>

      {failure ? (
        isClosed ? (
          <WindowClosed />
        ) : (
          <Alert tone="error" title="We couldn't move your lesson">
            {errorMessage(failure, "Please try again in a moment.")} Your lesson is still at{" "}
            {lessonWhen(lesson.startTime)}.
          </Alert>
        )
      ) : null}

      <StepActions className="sticky bottom-0 z-10 -mx-4 bg-slate-50/95 px-4 pb-4 backdrop-blur sm:static sm:mx-0 sm:bg-transparent sm:px-0 sm:pb-0">
        <p className="text-center text-slate-600 text-sm sm:mr-auto sm:text-left" aria-live="polite">
          {chosen ? `New time: ${lessonWhen(chosen.startTime)}` : "Choose a new time to continue."}
        </p>
        <Button
          size="lg"
          disabled={!chosen || isClosed}
          isLoading={reschedule.isPending}
          loadingText="Moving…"
          onClick={move}
        >
          {chosen ? moveLessonLabel(chosen) : "Move lesson"}
        </Button>
      </StepActions>
    </div>
  );
}
