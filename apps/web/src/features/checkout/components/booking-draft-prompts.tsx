import RotateCcw from "lucide-react/icons/rotate-ccw";
import History from "lucide-react/icons/rotate-ccw-clock";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Button, ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { formatTimeOnDay } from "@/lib/format";

function discardConsequence(holdsLessons: boolean): string {
  return holdsLessons
    ? "Starting again clears the choices you made and releases the lesson times held for you."
    : "Starting again clears the choices you made.";
}

type DraftProps = {
  savedAt: number;
  now: number;
  /** The draft opened a checkout whose lessons are held. */
  holdsLessons: boolean;
  onStartAgain: () => void;
  isStartingAgain: boolean;
};

/** The dashboard's reminder of a booking left half-way: resume it, or start a new one. */
export function ResumeBookingNotice({
  savedAt,
  now,
  holdsLessons,
  onStartAgain,
  isStartingAgain,
}: DraftProps) {
  return (
    <section
      aria-labelledby="unfinished-booking"
      className="flex flex-col gap-4 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700"
          aria-hidden="true"
        >
          <History className="size-5" />
        </span>
        <div className="flex flex-col gap-1">
          <h2 id="unfinished-booking" className="font-semibold text-brand-900 text-lg">
            You have an unfinished booking
          </h2>
          <p className="text-brand-900 text-sm">
            Saved at {formatTimeOnDay(new Date(savedAt).toISOString(), now)}. Pick up where you left off
            {holdsLessons ? ": your lesson times are still held." : "."}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:shrink-0">
        <ButtonLink to={paths.student.bookLessons({ resume: true })}>Resume booking</ButtonLink>
        <Button
          variant="outline"
          onClick={onStartAgain}
          isLoading={isStartingAgain}
          loadingText="Starting again…"
          icon={<RotateCcw className="size-4" aria-hidden="true" />}
        >
          Start again
        </Button>
      </div>
    </section>
  );
}

/**
 * Asked when Book a Lesson would throw an unfinished booking away (a new booking starts empty):
 * resume it, or really start again. Escape or a click outside keeps things as they are.
 */
export function DiscardDraftDialog({
  isOpen,
  onOpenChange,
  savedAt,
  now,
  holdsLessons,
  onStartAgain,
  isStartingAgain,
}: DraftProps & { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!isStartingAgain) onOpenChange(open);
      }}
      isDismissable={!isStartingAgain}
      isKeyboardDismissDisabled={isStartingAgain}
      className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-0 sm:items-center sm:p-4"
    >
      <Modal className="max-h-[90dvh] w-full overflow-y-auto rounded-t-2xl bg-white shadow-xl sm:max-w-md sm:rounded-2xl">
        <Dialog role="alertdialog" className="flex flex-col gap-4 p-5 outline-none sm:p-6">
          <Heading slot="title" className="font-semibold text-lg text-slate-900">
            Discard your unfinished booking?
          </Heading>
          <p className="text-slate-700 text-sm leading-relaxed">
            You have a booking in progress, saved at {formatTimeOnDay(new Date(savedAt).toISOString(), now)}.{" "}
            {discardConsequence(holdsLessons)}
          </p>
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
            <Button
              variant="outline"
              onClick={onStartAgain}
              isLoading={isStartingAgain}
              loadingText="Starting again…"
            >
              Start again
            </Button>
            <ButtonLink to={paths.student.bookLessons({ resume: true })}>Resume</ButtonLink>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * The wizard opened afresh (the navbar's Book Lessons, a bookmark) while a booking is saved: it asks
 * before anything is thrown away. Resume restores the draft; Start a new booking discards it (and
 * releases its held times).
 */
export function DraftChoicePrompt({ savedAt, now, holdsLessons, onStartAgain, isStartingAgain }: DraftProps) {
  return (
    <div className="flex flex-col gap-5 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:p-6">
      <p className="text-brand-900 leading-relaxed">
        You saved a booking at {formatTimeOnDay(new Date(savedAt).toISOString(), now)}
        {holdsLessons ? " and its lesson times are still held for you" : ""}. Pick up where you left off, or
        start a new booking. {discardConsequence(holdsLessons)}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <ButtonLink
          to={paths.student.bookLessons({ resume: true })}
          icon={<History className="size-4" aria-hidden="true" />}
        >
          Resume booking
        </ButtonLink>
        <Button
          variant="outline"
          onClick={onStartAgain}
          isLoading={isStartingAgain}
          loadingText="Starting again…"
          icon={<RotateCcw className="size-4" aria-hidden="true" />}
        >
          Start a new booking
        </Button>
      </div>
    </div>
  );
}
