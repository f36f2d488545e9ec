/**
 * Seeds the payouts journey (e2e/payouts.spec.ts): an instructor of their own, listed in no suburb, with
 * a card-paid lesson taught eight days ago — in or before the Sydney week that last ended, so the next
 * payout run pays it.
 */

import { instructorProfiles, users } from "../../apps/api/src/db/schema/index.ts";
import { cardPaidLesson } from "../../apps/api/src/test/lesson-use-cases.ts";
import type { UnitOfWork } from "../../apps/api/src/unit-of-work.ts";

export const PAYOUT_INSTRUCTOR = "payout.instructor@e2e.test";
export const PAYOUT_LESSON_CENTS = 8000;
const HOUR = 3_600_000;

export async function seedPayoutInstructor(
  uow: UnitOfWork,
  now: Date,
  passwordHash: string,
  studentId: string,
) {
  const { tx } = uow;
  const [instructor] = await tx
    .insert(users)
    .values({
      email: PAYOUT_INSTRUCTOR,
      passwordHash,
      role: "INSTRUCTOR",
      firstName: "Paige",
      lastName: "Payout",
      phone: "0400 101 202",
    })
    .returning({ id: users.id });
  if (!instructor) throw new Error("seed: payout instructor not created");
  await tx.insert(instructorProfiles).values({
    userId: instructor.id,
    licenseNumber: "43000001",
    // Without a valid ABN a payout run passes an instructor by (decision 030).
    abn: "51824753556",
    vehicleType: "AUTOMATIC",
    standardRateCents: PAYOUT_LESSON_CENTS,
    suburbs: [],
    verificationStatus: "VERIFIED",
    verifiedAt: now,
    licenseExpiresOn: "2099-12-31",
    wwcExpiresOn: "2099-12-31",
  });
  const start = new Date(Math.floor(now.getTime() / HOUR) * HOUR - 8 * 24 * HOUR);
  await cardPaidLesson(uow, {
    studentId,
    instructorId: instructor.id,
    start,
    priceCents: PAYOUT_LESSON_CENTS,
    status: "COMPLETED",
    invoiceNumber: "KRB-E2E-PAYOUT",
    paidAt: new Date(start.getTime() - 7 * 24 * HOUR),
    suburb: "Bondi",
    pickupLocation: "Bondi Junction station",
  });
}
