import type { StudentProfileBooking } from "@kerb/shared";
import CalendarClock from "lucide-react/icons/calendar-clock";
import Check from "lucide-react/icons/check";
import X from "lucide-react/icons/x";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { formatTimeOnDay } from "@/lib/format";
import { type MoveProposalAnswer, useAnswerMoveProposal } from "../api/move-proposals";
import { lessonTimeWords } from "../utils/lesson-timing";

/**
 * A new time the lesson's instructor (or Kerb) proposes, with Accept and Decline. Nothing changes
 * until the student accepts; the email's link opens this page on it (`focus`: the button it named).
 */
export function MoveProposalNote({
  booking,
  now,
  focus,
  onAnnounce,
}: {
  booking: StudentProfileBooking;
  now: number;
  /** The email link's answer for this proposal: that button takes the focus. */
  focus?: MoveProposalAnswer | undefined;
  onAnnounce: (message: string) => void;
}) {
  const mutation = useAnswerMoveProposal();
  const proposal = booking.moveProposal;
  if (!proposal || new Date(proposal.lapsesAt).getTime() <= now) return null;
  const who = proposal.proposedBy === "INSTRUCTOR" ? "Your instructor" : "Kerb";
  const proposed = lessonTimeWords(proposal);

  const answer = (how: MoveProposalAnswer) => {
    mutation.mutate(
      { proposalId: proposal.id, answer: how },
      {
        onSuccess: () =>
          onAnnounce(
            how === "accept"
              ? `Your lesson is now ${proposed}.`
              : `You declined the new time. Your lesson stays ${lessonTimeWords(booking)}.`,
          ),
      },
    );
  };

  return (
    <section
      aria-label="Proposed new time"
      className="flex flex-col gap-2 rounded-xl border border-sky-300 bg-sky-50 p-3 text-sky-950 text-sm"
    >
      <p className="flex gap-2 leading-relaxed">
        <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <span className="font-semibold">
            {who} proposes {proposed}.
          </span>{" "}
          Nothing changes unless you accept. Answer by {formatTimeOnDay(proposal.lapsesAt, now)}.
        </span>
      </p>
      {proposal.note ? <p className="italic">"{proposal.note}"</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={() => answer("accept")}
          isLoading={mutation.isPending && mutation.variables?.answer === "accept"}
          disabled={mutation.isPending}
          // The email's link named this answer: the button is ready, the student still presses it.
          autoFocus={focus === "accept"}
          icon={<Check className="size-4" aria-hidden="true" />}
        >
          Accept new time
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => answer("decline")}
          isLoading={mutation.isPending && mutation.variables?.answer === "decline"}
          disabled={mutation.isPending}
          autoFocus={focus === "decline"}
          icon={<X className="size-4" aria-hidden="true" />}
        >
          Decline
        </Button>
      </div>
      {mutation.isError ? (
        <ErrorState title="That didn't work" error={mutation.error} className="mt-1" />
      ) : null}
    </section>
  );
}
