import { SUBURBS } from "@kerb/shared";
import {
  creditSuburb,
  creditsLeft,
  isBundleExpired,
  isListableInstructor,
  sydneyTodayDate,
  teachesInSuburb,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { lockStudentBundle, setBundleInstructor } from "../bundles/index.ts";
import { findInstructorListing } from "../instructors/index.ts";
import { findStudentForCheckout } from "../students/index.ts";
import { bundleExpired, bundleNotFound } from "./bundle-refusals.ts";
import { getCreditBundle } from "./get-credit-bundle.ts";

/**
 * PUT /student/bundles/:id/instructor: moves the remaining credits to another verified instructor of
 * the bundle's suburb. Only while the bundle's own instructor may not be booked: a student cannot walk
 * away from a working instructor with credits bought at their price.
 */
export async function changeBundleInstructor(
  ctx: AppContext,
  studentId: string,
  bundleId: string,
  instructorId: string,
) {
  const now = ctx.now();
  const today = sydneyTodayDate(now);
  await ctx.transact(async (uow) => {
    const { tx } = uow;
    const bundle = await lockStudentBundle(tx, studentId, bundleId);
    if (!bundle) throw bundleNotFound();
    if (isBundleExpired(bundle, now)) throw bundleExpired();
    if (creditsLeft(bundle) === 0) {
      throw new AppError("invalid_state", "This bundle has no credits left to move");
    }
    const current = bundle.instructorId ? await findInstructorListing(tx, bundle.instructorId) : undefined;
    if (current && isListableInstructor(current, today)) {
      throw new AppError(
        "invalid_state",
        "Your bundle's instructor is still taking bookings, so the credits stay with them",
      );
    }
    const next = await findInstructorListing(tx, instructorId);
    if (instructorId === bundle.instructorId || !next || !isListableInstructor(next, today)) {
      throw new AppError("not_found", "That instructor is not available");
    }
    const student = await findStudentForCheckout(tx, studentId);
    const suburb = creditSuburb([bundle.suburb, student?.suburb], SUBURBS);
    if (!suburb || !teachesInSuburb(next.suburbs, suburb)) {
      throw new AppError(
        "instructor_not_in_suburb",
        `That instructor does not teach in ${suburb ?? "your suburb"}`,
      );
    }
    await setBundleInstructor(tx, bundle.id, { instructorId, suburb });
    await uow.audit({
      actorId: studentId,
      action: "bundle.instructor_change",
      targetType: "bundle",
      targetId: bundle.id,
      details: { from: bundle.instructorId, to: instructorId, suburb },
      createdAt: now,
    });
  });
  return getCreditBundle(ctx, studentId, bundleId);
}
