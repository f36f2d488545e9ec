import type { InstructorLesson } from "@kerb/shared";
import CalendarClock from "lucide-react/icons/calendar-clock";
import Undo2 from "lucide-react/icons/undo-2";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { formatTimeOnDay } from "@/lib/format";
import { useWithdrawMoveProposal } from "../api/move-proposals";
import { lessonTimeWords } from "../utils/lesson-timing";

/**
 * On the instructor's lesson: a new time proposed for it that the student has yet to answer, until when,
 * and Withdraw when the instructor proposed it (Kerb's own proposals are Kerb's to withdraw).
 */
export function ProposalWaitingNote({
  lesson,
  now,
  onNotice,
}: {
  lesson: InstructorLesson;
  now: number;
  onNotice: (message: string) => void;
}) {
  const mutation = useWithdrawMoveProposal("instructor");
  const proposal = lesson.moveProposal;
  if (!proposal || lesson.status !== "SCHEDULED" || new Date(proposal.lapsesAt).getTime() <= now) {
    return null;
  }
  const proposed = lessonTimeWords(proposal);
  const mine = proposal.proposedBy === "INSTRUCTOR";
  const withdraw = () =>
    mutation.mutate(proposal.id, {
      onSuccess: () =>
        onNotice(
          `You withdrew the new time proposed to ${lesson.student.firstName}. The lesson stays ${lessonTimeWords(lesson)}.`,
        ),
    });
  return (
    <section
      aria-label="Proposed new time"
      className="mt-1 flex flex-col gap-2 rounded-xl border border-sky-300 bg-sky-50 p-3 text-sky-950 text-sm"
    >
      <div>
        <Badge tone="info" icon={<CalendarClock className="size-3.5" aria-hidden="true" />}>
          New time proposed
        </Badge>
      </div>
      <p className="leading-relaxed">
        <span className="font-semibold">
          {mine ? "You proposed" : "Kerb proposed"} {proposed}.
        </span>{" "}
        Waiting for {lesson.student.firstName} to answer by {formatTimeOnDay(proposal.lapsesAt, now)}; until
        then the lesson stays at its present time.
      </p>
      {proposal.note ? <p className="italic">"{proposal.note}"</p> : null}
      {mine ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={withdraw}
            isLoading={mutation.isPending}
            icon={<Undo2 className="size-4" aria-hidden="true" />}
          >
            Withdraw
          </Button>
        </div>
      ) : null}
      {mutation.isError ? (
        <ErrorState title="We couldn't withdraw it" error={mutation.error} className="mt-1" />
      ) : null}
    </section>
  );
}
