/**
 * "Book again" (issue 34): an offer to repeat one of the learner's lessons: the same instructor, suburb,
 * pickup and length, with that instructor's next open times first, and how the confirm step will pay.
 * A read model over lessons, instructors, availability and bundles; it owns no table and writes nothing:
 * the confirm step books through the existing writes (credits, or the card checkout).
 */
import type { BookAgainOffer, BookAgainPayment, StudentProfileBooking, Suburb } from "@kerb/shared";
import {
  bookingCalendarRange,
  centsToDollars,
  consumerPriceCents,
  creditSpendRefusal,
  creditSuburb,
  creditsForLesson,
  creditsLeft,
  findSuburb,
  isActiveBooking,
  isListableInstructor,
  lessonMinutesBetween,
  sydneyDateOf,
  sydneyTodayDate,
  teachesInSuburb,
} from "@kerb/shared/rules";
import { AppError } from "../../lib/app-error.ts";
import { findOpenSlots } from "../availability/index.ts";
import { findInstructorListing } from "../instructors/index.ts";
import { findStudent, listStudentBookings, listStudentBundles } from "../students/index.ts";
import type { PortalContext } from "./portal-context.ts";

/** How many open times an offer carries: enough for the dashboard's three buttons and "More times". */
export const BOOK_AGAIN_SLOT_COUNT = 8;
/** At most this many times of one day, so the first few buttons are not all the same morning. */
const SLOTS_PER_DAY = 2;

type Lesson = Pick<
  StudentProfileBooking,
  "id" | "startTime" | "endTime" | "pickupLocation" | "suburb" | "instructor"
>;

/** The refusals a lesson can meet: its instructor no longer bookable there. */
export function instructorGone(lesson: Lesson, why: "unlisted" | "suburb", suburb: string): AppError {
  const name = lesson.instructor.firstName;
  return new AppError(
    "instructor_unavailable",
    why === "unlisted"
      ? `${name} is not taking bookings at the moment, so this lesson cannot be booked again. Choose another instructor to book a lesson.`
      : `${name} no longer teaches in ${suburb}, so this lesson cannot be booked again. Choose another instructor there to book a lesson.`,
    { reason: why === "unlisted" ? "instructor_unlisted" : "instructor_not_in_suburb" },
  );
}

/**
 * The offer for `lesson` (already known to be the learner's own, ordinary lesson). Throws AppError
 * instructor_unavailable (409) when its instructor may no longer be booked in its suburb.
 */
export async function bookAgainOffer(
  ctx: PortalContext,
  studentId: string,
  lesson: Lesson,
): Promise<BookAgainOffer> {
  const now = ctx.now();
  const [student, listing, bundles, lessons] = await Promise.all([
    findStudent(ctx.db, studentId),
    findInstructorListing(ctx.db, lesson.instructor.id),
    listStudentBundles(ctx.db, studentId),
    listStudentBookings(ctx.db, studentId),
  ]);
  // Older lessons may predate the lesson's own suburb column: the learner's suburb then.
  const suburb: Suburb | null = findSuburb(lesson.suburb ?? student?.suburb ?? "");
  if (!listing || !isListableInstructor(listing, sydneyTodayDate(now))) {
    throw instructorGone(lesson, "unlisted", suburb ?? "your suburb");
  }
  if (!suburb || !teachesInSuburb(listing.suburbs, suburb)) {
    throw instructorGone(lesson, "suburb", suburb ?? "your suburb");
  }
  const lessonMinutes = lessonMinutesBetween(lesson.startTime, lesson.endTime);

  // The learner's own booked and held lessons: a time clashing with them would only be refused.
  const busy = lessons
    .filter((l) => isActiveBooking(l.status, l.holdExpiresAt, now))
    .map((l) => ({ start: l.startTime.getTime(), end: l.endTime.getTime() }));
  const open = await findOpenSlots(ctx.db, {
    ...bookingCalendarRange(now),
    suburb,
    instructorId: lesson.instructor.id,
    lessonMinutes,
    now,
  });
  const perDay = new Map<string, number>();
  const slots: BookAgainOffer["slots"] = [];
  for (const slot of open) {
    if (slots.length >= BOOK_AGAIN_SLOT_COUNT) break;
    const start = slot.start.getTime();
    const end = slot.end.getTime();
    if (busy.some((b) => b.start < end && start < b.end)) continue;
    const day = sydneyDateOf(slot.start);
    const taken = perDay.get(day) ?? 0;
    if (taken >= SLOTS_PER_DAY) continue;
    perDay.set(day, taken + 1);
    slots.push({
      startTime: slot.start.toISOString(),
      endTime: slot.end.toISOString(),
      price: centsToDollars(slot.priceCents),
      priceInclGst: centsToDollars(consumerPriceCents(slot.priceCents)),
      isPoolHours: slot.isPoolHours,
    });
  }

  return {
    fromLessonId: lesson.id,
    fromLessonStartTime: lesson.startTime,
    instructor: lesson.instructor,
    suburb,
    pickupLocation: lesson.pickupLocation,
    lessonMinutes,
    slots,
    payment: paymentFor(bundles, {
      instructorId: lesson.instructor.id,
      instructorSuburbs: listing.suburbs,
      suburb,
      studentSuburb: student?.suburb ?? null,
      lessonMinutes,
      now,
    }),
  };
}

/**
 * Credits when a live bundle for this instructor has enough of them for this length (and spends them in
 * this suburb, as POST /student/bundles/{id}/bookings would), the soonest to expire first; else a card.
 */
function paymentFor(
  bundles: Awaited<ReturnType<typeof listStudentBundles>>,
  q: {
    instructorId: string;
    instructorSuburbs: readonly string[];
    suburb: Suburb;
    studentSuburb: string | null;
    lessonMinutes: number;
    now: Date;
  },
): BookAgainPayment {
  const creditsNeeded = creditsForLesson(q.lessonMinutes);
  if (creditsNeeded === null) return { method: "card" };
  const usable = bundles
    .filter(
      (b) =>
        b.instructorId === q.instructorId &&
        creditSpendRefusal(b, creditsNeeded, q.now) === null &&
        creditSuburb([b.suburb, q.studentSuburb], q.instructorSuburbs) === q.suburb,
    )
    .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime());
  const bundle = usable[0];
  if (!bundle) return { method: "card" };
  return { method: "credits", bundleId: bundle.id, creditsNeeded, creditsLeft: creditsLeft(bundle) };
}
