import type { LatestBookAgainResponse } from "@kerb/shared";
import { AppError } from "../../lib/app-error.ts";
import { listStudentBookings, toStudentBooking } from "../students/index.ts";
import { testPackSummariesOf } from "../test-packages/index.ts";
import { bookAgainOffer } from "./book-again-offer.ts";
import type { PortalContext } from "./portal-context.ts";

/**
 * GET /student/book-again: the dashboard's "Book again with <instructor>": the offer from the learner's
 * most recent completed ordinary lesson whose instructor may still be booked there (an instructor who
 * stopped teaching is passed over for the one before), or null when there is none. Never an error
 * for a learner with nothing to repeat: the dashboard then simply shows no card.
 */
export async function getLatestBookAgain(
  ctx: PortalContext,
  studentId: string,
): Promise<LatestBookAgainResponse> {
  const completed = (await listStudentBookings(ctx.db, studentId))
    .filter((b) => b.status === "COMPLETED")
    .reverse();
  const packs = await testPackSummariesOf(
    ctx.db,
    completed.map((b) => b.id),
  );
  const tried = new Set<string>();
  for (const lesson of completed) {
    if (packs.has(lesson.id) || tried.has(lesson.instructor.id)) continue;
    tried.add(lesson.instructor.id);
    try {
      return { offer: await bookAgainOffer(ctx, studentId, toStudentBooking(lesson)) };
    } catch (error) {
      if (!(error instanceof AppError && error.code === "instructor_unavailable")) throw error;
    }
  }
  return { offer: null };
}
