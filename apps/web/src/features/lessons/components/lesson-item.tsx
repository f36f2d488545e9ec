import type { AffectedBooking, InstructorLesson } from "@kerb/shared";
import { canMessageOver, centsToDollars, dollarsToCents, instructorEarningsCents } from "@kerb/shared/rules";
import { INSTRUCTOR_SHARE_PERCENT, PLATFORM_FEE_PERCENT } from "@kerb/shared/words";
import { useQueryClient } from "@tanstack/react-query";
import CalendarClock from "lucide-react/icons/calendar-clock";
import CalendarX from "lucide-react/icons/calendar-x";
import CircleCheck from "lucide-react/icons/circle-check";
import UserX from "lucide-react/icons/user-x";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { BookingStatusBadge } from "@/components/ui/status-badge";
import { LessonRecordPanel } from "@/features/learning";
import { MessageButton } from "@/features/messages";
import { formatDate, formatDateTime, formatDollars, formatTime, formatTimeRange } from "@/lib/format";
import { useCompleteLesson } from "../api/complete-lesson";
import { invalidateAfterLessonChange } from "../api/lesson-change";
import { useMarkLessonNoShow } from "../api/mark-lesson-no-show";
import { canCancel, canProposeMove, lessonTiming, needsOutcome, studentName } from "../utils/lesson-timing";
import { ClashNote } from "./clash-note";
import { InstructorCancelDialog } from "./instructor-cancel-dialog";
import { LessonSummary } from "./lesson-summary";
import { ProposalWaitingNote } from "./proposal-waiting-note";
import { ProposeMoveDialog } from "./propose-move-dialog";
import { TestPackNote } from "./test-pack-note";

const CANCELLED_BY = { STUDENT: "the student", INSTRUCTOR: "you", ADMIN: "Kerb" } as const;

/**
 * "$60.00 + $6.00 GST": what the instructor is paid for a lesson, with the GST Kerb pays on top for a
 * GST-registered instructor (the server's figures, rules/instructor-pay.ts); every earning line says it.
 */
function payWithGst(earns: number, gst: number | null): string {
  return `${formatDollars(earns)}${gst !== null && gst > 0 ? ` + ${formatDollars(gst)} GST` : ""}`;
}

/** "You keep $X, your 75% of what Kerb kept", from the server's share (rules/payouts.ts); null for nothing. */
function keptShare(lesson: InstructorLesson): string | null {
  if (lesson.instructorShare === null || lesson.instructorShare <= 0) return null;
  return `You keep ${payWithGst(lesson.instructorShare, lesson.instructorShareGst)}, your ${INSTRUCTOR_SHARE_PERCENT} of the value Kerb kept.`;
}

/**
 * "Paid with a bundle credit · You earn $48.75 + $4.88 GST": the server's figures (rules/instructor-pay.ts).
 * What a no-show or a late cancellation kept is the status note's to say.
 */
function bundleNote(lesson: InstructorLesson): string {
  const credit = lesson.bundleCredit;
  const earning = lesson.status === "SCHEDULED" || lesson.status === "COMPLETED";
  if (credit === null || !earning || credit.earns <= 0) return "Paid with a bundle credit";
  return `Paid with a bundle credit · You earn ${payWithGst(credit.earns, credit.gst)}`;
}

function StatusNote({ lesson }: { lesson: InstructorLesson }) {
  // A bundle lesson's earnings are on its bundle line.
  if (lesson.status === "COMPLETED" && lesson.bundleCredit !== null) return null;
  if (lesson.status === "COMPLETED") {
    const share =
      lesson.instructorShare ?? centsToDollars(instructorEarningsCents(dollarsToCents(lesson.price)));
    return (
      <p className="text-slate-600 text-sm">
        You earn {payWithGst(share, lesson.instructorShareGst)} after the {PLATFORM_FEE_PERCENT} platform fee.
      </p>
    );
  }
  if (lesson.status === "NO_SHOW") {
    const kept = keptShare(lesson);
    return (
      <p className="text-slate-600 text-sm">
        {kept ??
          (lesson.instructorShare === 0
            ? "Refunded to the student after they disputed the no-show: you keep nothing for it."
            : "Nobody paid for this lesson.")}
      </p>
    );
  }
  if (lesson.status === "CANCELLED") {
    const by = lesson.cancelledBy ? CANCELLED_BY[lesson.cancelledBy] : null;
    const refund =
      lesson.refund !== null && lesson.refund > 0
        ? ` · ${formatDollars(lesson.refund)} refunded`
        : lesson.paidWithBundle
          ? " · bundle credit returned"
          : "";
    const kept = keptShare(lesson);
    return (
      <p className="text-slate-600 text-sm">
        Cancelled{by ? ` by ${by}` : ""}
        {lesson.cancelledAt ? ` on ${formatDate(lesson.cancelledAt)}` : ""}
        {refund}
        {kept ? (
          <>
            <br />
            {kept}
          </>
        ) : null}
      </p>
    );
  }
  return null;
}

type LessonItemProps = {
  lesson: InstructorLesson;
  /** Why the instructor's hours or settings no longer allow this booked lesson (useLessonClashes). */
  clash?: AffectedBooking["reasons"] | undefined;
  now: number;
  /** A finished action's message, shown above the list (the lesson may leave this list). */
  onNotice: (message: string) => void;
};

/**
 * A lesson with what can be done to it now: once a scheduled lesson has ended it can be marked completed
 * or a no-show; before it starts it can be cancelled (the student is refunded in full and told why).
 */
export function LessonItem({ lesson, clash, now, onNotice }: LessonItemProps) {
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [isCompleteOpen, setCompleteOpen] = useState(false);
  const [isProposeOpen, setProposeOpen] = useState(false);
  const [isRecordOpen, setRecordOpen] = useState(false);
  const queryClient = useQueryClient();
  const completeMutation = useCompleteLesson();
  const noShowMutation = useMarkLessonNoShow();
  const name = studentName(lesson);
  const when = formatDateTime(lesson.startTime);
  const isBusy = completeMutation.isPending || noShowMutation.isPending;
  // A failed completion shows in its dialog; a failed no-show under the lesson.
  const actionError = noShowMutation.error;

  const resetAll = () => {
    completeMutation.reset();
    noShowMutation.reset();
  };

  // The server's figures (rules/instructor-pay.ts): a GST-registered instructor is paid GST on top.
  const pay = lesson.payIfTaught;
  const earns = pay ? payWithGst(pay.earns, pay.gst) : null;
  // Marking completed is final and decides the pay: asked for confirmation, like cancelling.
  const complete = () => {
    completeMutation.mutate(lesson.id, {
      onSuccess: () => {
        setCompleteOpen(false);
        // Straight on to the lesson's record while it is fresh in mind.
        setRecordOpen(true);
        onNotice(`Lesson with ${name} on ${when} marked completed.${earns ? ` You earn ${earns}.` : ""}`);
      },
    });
  };

  const noShow = () => {
    resetAll();
    noShowMutation.mutate(lesson.id, {
      onSuccess: () => onNotice(`Lesson with ${name} on ${when} marked as a no-show.`),
    });
  };

  const timing = lessonTiming(lesson, now);
  // Booked, taught or missed: the learner can be messaged, beside the lesson's buttons when it has some.
  const message = canMessageOver(lesson.status) ? (
    <MessageButton to="instructor" otherUserId={lesson.studentId} name={name} />
  ) : null;
  let actions: React.ReactNode = null;
  if (needsOutcome(lesson, now)) {
    actions = (
      <div className="flex flex-wrap gap-2 pt-2">
        <Button
          size="sm"
          onClick={() => {
            resetAll();
            setCompleteOpen(true);
          }}
          disabled={isBusy}
          icon={<CircleCheck className="size-4" aria-hidden="true" />}
        >
          Mark completed
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={noShow}
          isLoading={noShowMutation.isPending}
          disabled={isBusy}
          icon={<UserX className="size-4" aria-hidden="true" />}
        >
          No-show
        </Button>
        {message}
      </div>
    );
  } else if (canCancel(lesson, now)) {
    actions = (
      <div className="flex flex-wrap gap-2 pt-2">
        <Button
          size="sm"
          variant="outline"
          className="text-red-800"
          onClick={() => {
            resetAll();
            setConfirmOpen(true);
          }}
          disabled={isBusy}
          icon={<CalendarX className="size-4" aria-hidden="true" />}
        >
          Cancel lesson
        </Button>
        {canProposeMove(lesson, now) && !lesson.testPack ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              resetAll();
              setProposeOpen(true);
            }}
            disabled={isBusy}
            icon={<CalendarClock className="size-4" aria-hidden="true" />}
          >
            Propose new time
          </Button>
        ) : null}
        {message}
      </div>
    );
  } else if (lesson.status === "SCHEDULED" && timing === "in_progress") {
    actions = (
      <p className="text-slate-600 text-sm">
        In progress. You can mark it completed or a no-show once it ends at {formatTime(lesson.endTime)}.
      </p>
    );
  }

  return (
    <li className="py-4">
      <LessonSummary
        lesson={lesson}
        aside={
          <>
            <span className="font-semibold text-slate-900">{formatDollars(lesson.price)}</span>
            <BookingStatusBadge status={lesson.status} />
          </>
        }
        footer={
          <>
            {lesson.paidWithBundle ? <p className="text-slate-600 text-sm">{bundleNote(lesson)}</p> : null}
            {lesson.status === "SCHEDULED" ? <ClashNote reasons={clash} /> : null}
            <StatusNote lesson={lesson} />
            <ProposalWaitingNote lesson={lesson} now={now} onNotice={onNotice} />
            <TestPackNote lesson={lesson} now={now} onNotice={onNotice} />
            {actions}
            {message && !needsOutcome(lesson, now) && !canCancel(lesson, now) ? (
              <div className="flex flex-wrap gap-2 pt-2">{message}</div>
            ) : null}
            {actionError ? (
              <ErrorState title="That didn't work" error={actionError} className="mt-2" />
            ) : null}
          </>
        }
      />
      {/* The whole row's width, not the details column's: three level buttons a skill on a phone. */}
      <LessonRecordPanel
        lesson={lesson}
        isOpen={isRecordOpen}
        onOpenChange={setRecordOpen}
        onSaved={() => {
          onNotice(
            lesson.record
              ? `Record of the lesson with ${name} on ${when} updated.`
              : `Record of the lesson with ${name} on ${when} saved and emailed to ${lesson.student.firstName}.`,
          );
          void invalidateAfterLessonChange(queryClient);
        }}
      />
      <ProposeMoveDialog
        lesson={lesson}
        proposer="instructor"
        isOpen={isProposeOpen}
        onOpenChange={setProposeOpen}
        onProposed={onNotice}
      />
      <InstructorCancelDialog
        lesson={lesson}
        isOpen={isConfirmOpen}
        onOpenChange={setConfirmOpen}
        onCancelled={onNotice}
      />
      <ConfirmDialog
        isOpen={isCompleteOpen}
        onOpenChange={(open) => {
          setCompleteOpen(open);
          if (!open) completeMutation.reset();
        }}
        title="Mark this lesson completed?"
        confirmLabel="Mark completed"
        cancelLabel="Not yet"
        pendingLabel="Saving…"
        onConfirm={complete}
        isPending={completeMutation.isPending}
      >
        <p>
          <strong className="text-slate-900">{name}</strong>, {formatDate(lesson.startTime)},{" "}
          {formatTimeRange(lesson.startTime, lesson.endTime)} in {lesson.suburb}.
        </p>
        <p>
          Only confirm if you taught this lesson{earns ? `: you earn ${earns} for it` : ""}. This can't be
          changed afterwards; if {lesson.student.firstName} didn't turn up, choose No-show instead.
        </p>
        {completeMutation.isError ? (
          <ErrorState title="We couldn't mark this lesson completed" error={completeMutation.error} />
        ) : null}
      </ConfirmDialog>
    </li>
  );
}
