/**
 * Seeds the payouts journey (e2e/payouts.spec.ts): two instructors of their own, listed in no suburb, one
 * registered for GST, each with a card-paid lesson taught about eight days ago — in or before the Sydney
 * week that last ended, so the next payout run pays it.
 */

import { RCTI_AGREEMENT_VERSION } from "@kerb/shared/rules";
import {
  instructorGstRegistrations,
  instructorProfiles,
  rctiAgreementAcceptances,
  users,
} from "../../apps/api/src/db/schema/index.ts";
import { cardPaidLesson } from "../../apps/api/src/test/lesson-use-cases.ts";
import type { UnitOfWork } from "../../apps/api/src/unit-of-work.ts";

export const PAYOUT_INSTRUCTOR = "payout.instructor@e2e.test";
/** Registered for GST: paid the share plus 10% GST, on a recipient-created tax invoice (decision 030). */
export const GST_PAYOUT_INSTRUCTOR = "gst.instructor@e2e.test";
export const PAYOUT_LESSON_CENTS = 8000;
const HOUR = 3_600_000;

const PAYEES = [
  {
    email: PAYOUT_INSTRUCTOR,
    firstName: "Paige",
    lastName: "Payout",
    licenseNumber: "43000001",
    // Without a valid ABN a payout run passes an instructor by (decision 030).
    abn: "51824753556",
    gstRegistered: false,
    hoursBefore: 0,
  },
  {
    email: GST_PAYOUT_INSTRUCTOR,
    firstName: "Gia",
    lastName: "Gst",
    licenseNumber: "43000002",
    abn: "53004085616",
    gstRegistered: true,
    // The same student: their lessons must not overlap.
    hoursBefore: 2,
  },
];

export async function seedPayoutInstructors(
  uow: UnitOfWork,
  now: Date,
  passwordHash: string,
  studentId: string,
) {
  const { tx } = uow;
  const eightDaysAgo = Math.floor(now.getTime() / HOUR) * HOUR - 8 * 24 * HOUR;
  for (const payee of PAYEES) {
    const [instructor] = await tx
      .insert(users)
      .values({
        email: payee.email,
        passwordHash,
        role: "INSTRUCTOR",
        firstName: payee.firstName,
        lastName: payee.lastName,
        phone: "0400 101 202",
      })
      .returning({ id: users.id });
    if (!instructor) throw new Error(`seed: payout instructor ${payee.email} not created`);
    await tx.insert(instructorProfiles).values({
      userId: instructor.id,
      licenseNumber: payee.licenseNumber,
      abn: payee.abn,
      gstRegistered: payee.gstRegistered,
      vehicleType: "AUTOMATIC",
      standardRateCents: PAYOUT_LESSON_CENTS,
      suburbs: [],
      verificationStatus: "VERIFIED",
      verifiedAt: now,
      licenseExpiresOn: "2099-12-31",
      wwcExpiresOn: "2099-12-31",
    });
    // Both accepted the RCTI agreement (no RCTI, so no payout, without it) and the registered one has
    // been registered for GST since well before the lesson: its GST follows the lesson's date.
    await tx.insert(rctiAgreementAcceptances).values({
      instructorId: instructor.id,
      version: RCTI_AGREEMENT_VERSION,
      acceptedAt: new Date(eightDaysAgo - 30 * 24 * HOUR),
    });
    if (payee.gstRegistered) {
      await tx
        .insert(instructorGstRegistrations)
        .values({ instructorId: instructor.id, effectiveFrom: "2020-01-01" });
    }
    const start = new Date(eightDaysAgo - payee.hoursBefore * HOUR);
    await cardPaidLesson(uow, {
      studentId,
      instructorId: instructor.id,
      start,
      priceCents: PAYOUT_LESSON_CENTS,
      status: "COMPLETED",
      invoiceNumber: `KRB-E2E-PAYOUT-${payee.licenseNumber}`,
      paidAt: new Date(start.getTime() - 7 * 24 * HOUR),
      suburb: "Bondi",
      pickupLocation: "Bondi Junction station",
    });
  }
}
