import type { BookAgainOffer } from "@kerb/shared";
import { lessonLengthLabel } from "@kerb/shared/rules";
import Repeat from "lucide-react/icons/repeat";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { useLatestBookAgain } from "../api/get-latest-book-again";
import { useBookAgainFlow } from "../hooks/use-book-again-flow";
import { pickupOf } from "./book-again-confirm-dialog";
import { BookAgainTimes } from "./book-again-times";
import { BookedLessonAlert } from "./booked-lesson-alert";

/** How many times the card offers as buttons; the rest are behind "More times". */
export const CARD_TIMES = 3;

/** "60 minutes · pickup 1 Martin Place, Sydney CBD": what book again keeps from the last lesson. */
export function keptFromLesson(offer: BookAgainOffer): string {
  return `${lessonLengthLabel(offer.lessonMinutes)} · pickup ${pickupOf(offer)}`;
}

/**
 * The dashboard's "Book again with <instructor>": the learner's last lesson repeated (same instructor,
 * pickup and length), that instructor's next three times as buttons, and "More times". A learner with no
 * lesson to repeat sees no card; nor when the offer cannot be loaded (it is a shortcut, the rest of the
 * dashboard still books).
 */
export function BookAgainCard() {
  const query = useLatestBookAgain();
  const offer = query.data;
  const flow = useBookAgainFlow(offer);
  if (query.isPending) {
    return (
      <Card>
        <CardContent>
          <SkeletonGroup label="Loading book again…">
            <Skeleton className="h-24 w-full rounded-2xl" />
          </SkeletonGroup>
        </CardContent>
      </Card>
    );
  }
  if (!offer) return null;
  const title = `Book again with ${offer.instructor.firstName}`;
  return (
    <Card>
      <CardHeader
        title={
          <span className="inline-flex items-center gap-2">
            <Repeat className="size-5 text-brand-700" aria-hidden="true" />
            {title}
          </span>
        }
        description={keptFromLesson(offer)}
      />
      <CardContent className="flex flex-col gap-4 pt-2">
        {flow.booked ? <BookedLessonAlert lesson={flow.booked} suburb={offer.suburb} /> : null}
        {offer.slots.length === 0 ? (
          <p className="text-slate-600">
            {offer.instructor.firstName} has no open times in the next 30 days.{" "}
            <TextLink to={paths.student.book()}>Book with another instructor</TextLink>
          </p>
        ) : (
          <>
            <BookAgainTimes
              slots={offer.slots.slice(0, CARD_TIMES)}
              onChoose={flow.choose}
              label={`Next times with ${offer.instructor.firstName}`}
              isCompact
            />
            <div>
              <ButtonLink to={paths.student.bookAgain(offer.fromLessonId)} variant="ghost" size="sm">
                More times
              </ButtonLink>
            </div>
          </>
        )}
      </CardContent>
      {flow.dialog}
    </Card>
  );
}
