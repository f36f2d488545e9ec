import type { InstructorProfile } from "@kerb/shared";
import { centsToDollars, poolRateCents } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./instructors.repository.ts";

/** An instructor's profile row, or 404 in the API's words. */
export async function findInstructorOrThrow(db: Executor, instructorId: string) {
  const instructor = await repo.findInstructor(db, instructorId);
  if (!instructor) throw new AppError("not_found", "Instructor profile not found");
  return instructor;
}

/** GET /instructor/profile: the instructor's details, rates and lessons. */
export async function getInstructorProfile(
  ctx: Pick<AppContext, "db">,
  instructorId: string,
): Promise<InstructorProfile> {
  const [instructor, bookings] = await Promise.all([
    repo.findInstructor(ctx.db, instructorId),
    repo.listInstructorBookings(ctx.db, instructorId),
  ]);
  if (!instructor) throw new AppError("not_found", "Instructor profile not found");
  const { standardRateCents, ...rest } = instructor;
  return {
    ...rest,
    standardRate: centsToDollars(standardRateCents),
    poolRate: centsToDollars(poolRateCents(standardRateCents)),
    bookings: bookings.map(({ priceCents, startTime, endTime, completedAt, ...b }) => ({
      ...b,
      startTime: startTime.toISOString(),
      endTime: endTime.toISOString(),
      completedAt: completedAt?.toISOString() ?? null,
      price: centsToDollars(priceCents),
    })),
  };
}
