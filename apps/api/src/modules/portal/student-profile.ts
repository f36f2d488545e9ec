import type { StudentProfile } from "@kerb/shared";
import { AppError } from "../../lib/app-error.ts";
import { unavailableInstructorIds } from "../compliance/index.ts";
import { openClashBookingIds, openMoveProposals, seriesInfoOf } from "../lessons/index.ts";
import { findPayers } from "../payments/index.ts";
import { listStudentReviewRatings } from "../reviews/index.ts";
import {
  findStudent,
  listStudentBookings,
  listStudentBundles,
  toStudentBooking,
  toStudentBundle,
} from "../students/index.ts";
import { testPackSummariesOf } from "../test-packages/index.ts";
import type { PortalContext } from "./portal-context.ts";

/**
 * GET /student/profile: the learner's details, lessons (with reviews, proposals, whether their
 * instructor can still teach and whether their time off clashes, who paid when a guardian did) and
 * bundles. A screen's read model
 * over several owners; it owns no table.
 */
export async function getStudentProfile(ctx: PortalContext, studentId: string): Promise<StudentProfile> {
  const [student, bookings, bundles, reviews] = await Promise.all([
    findStudent(ctx.db, studentId),
    listStudentBookings(ctx.db, studentId),
    listStudentBundles(ctx.db, studentId),
    listStudentReviewRatings(ctx.db, studentId),
  ]);
  if (!student) throw new AppError("not_found", "Student not found");
  const now = ctx.now();
  const upcoming = bookings.filter((b) => b.status === "SCHEDULED" && b.startTime > now);
  const paymentIds = [...new Set(bookings.flatMap((b) => (b.paymentId ? [b.paymentId] : [])))];
  const [unavailable, proposals, clashing, payers, packs, series] = await Promise.all([
    unavailableInstructorIds(
      ctx.db,
      upcoming.map((b) => b.instructor.id),
      now,
    ),
    openMoveProposals(ctx.db, upcoming, now),
    openClashBookingIds(
      ctx.db,
      upcoming.map((b) => b.id),
    ),
    findPayers(ctx.db, paymentIds),
    testPackSummariesOf(
      ctx.db,
      bookings.map((b) => b.id),
    ),
    seriesInfoOf(
      ctx.db,
      bookings.map((b) => b.id),
    ),
  ]);
  return {
    ...student,
    bookings: bookings.map((b) => {
      const review = reviews.get(b.id);
      return {
        ...toStudentBooking(b),
        review: review ? { rating: review.rating, createdAt: review.createdAt.toISOString() } : null,
        instructorUnavailable: upcoming.includes(b) && unavailable.has(b.instructor.id),
        moveProposal: proposals.get(b.id) ?? null,
        instructorClash: clashing.has(b.id),
        paidBy: nameOf(b.paymentId ? payers.get(b.paymentId) : undefined),
        testPack: packs.get(b.id) ?? null,
        series: series.get(b.id) ?? null,
      };
    }),
    bundles: bundles.map((b) => toStudentBundle(b, now)),
  };
}

const nameOf = (person: { firstName: string; lastName: string } | undefined) =>
  person ? { firstName: person.firstName, lastName: person.lastName } : null;
