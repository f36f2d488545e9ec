/**
 * A card payment was fulfilled: its lessons are booked (the lessons module tells both people), or its
 * bundle is ready (told here, to the learner and whoever paid for them).
 */
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { bundles, payments, users } from "../../db/schema/index.ts";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import { guardianCopies } from "../guardians/index.ts";
import { enqueueLessonsPurchased, type LessonNoticeRow, type NoticeOptions } from "../lessons/index.ts";
import { type OutboxEmail, recipient } from "../notifications/index.ts";
import { findPayer } from "../payments/index.ts";
import { bundlePurchased } from "./bundle-purchased-email.ts";

const student = alias(users, "student");
const instructor = alias(users, "instructor");

/** A bundle bought by `paymentId`, with its student, instructor (if any) and invoice. */
async function findBundlePurchase(db: Executor, paymentId: string) {
  const [row] = await db
    .select({
      id: bundles.id,
      totalLessons: bundles.totalLessons,
      pricePerLessonCents: bundles.pricePerLessonCents,
      suburb: bundles.suburb,
      expiresAt: bundles.expiresAt,
      invoiceNumber: payments.invoiceNumber,
      amountCents: payments.amountCents,
      gstCents: payments.gstCents,
      student: {
        id: student.id,
        email: student.email,
        firstName: student.firstName,
        lastName: student.lastName,
      },
      instructorFirstName: instructor.firstName,
      instructorLastName: instructor.lastName,
    })
    .from(bundles)
    .innerJoin(payments, eq(payments.id, bundles.paymentId))
    .innerJoin(student, eq(student.id, bundles.studentId))
    .leftJoin(instructor, eq(instructor.id, bundles.instructorId))
    .where(eq(bundles.paymentId, paymentId))
    .limit(1);
  return row;
}

/** A payment was fulfilled: its lessons are booked, or its bundle is ready. Call in the fulfilling transaction. */
export async function enqueuePurchaseConfirmation(
  uow: UnitOfWork,
  payment: {
    id: string;
    type: "BOOKINGS" | "BUNDLE";
    invoiceNumber: string;
    amountCents: number;
    gstCents: number;
  },
  options: NoticeOptions,
  /** The payment's lessons when the caller has just read them (listPurchasedLessons). */
  lessons?: LessonNoticeRow[],
): Promise<string[]> {
  if (payment.type === "BOOKINGS") return enqueueLessonsPurchased(uow, payment, options, lessons);
  const bundle = await findBundlePurchase(uow.tx, payment.id);
  if (!bundle) return [];
  const instructor =
    bundle.instructorFirstName !== null && bundle.instructorLastName !== null
      ? { firstName: bundle.instructorFirstName, lastName: bundle.instructorLastName }
      : null;
  const email: OutboxEmail = {
    kind: "bundle_purchased",
    to: recipient(bundle.student),
    ...bundlePurchased({
      student: bundle.student,
      instructor,
      totalLessons: bundle.totalLessons,
      pricePerLessonCents: bundle.pricePerLessonCents,
      suburb: bundle.suburb,
      amountCents: bundle.amountCents,
      gstCents: bundle.gstCents,
      invoiceNumber: bundle.invoiceNumber,
      expiresAt: bundle.expiresAt,
      ...(options.appUrl ? { appUrl: options.appUrl } : {}),
    }),
    dedupeKey: `bundle-purchased:${payment.id}`,
    now: options.now,
  };
  const payer = await findPayer(uow.tx, payment.id);
  return uow.email([email, ...(await guardianCopies(uow.tx, bundle.student.id, [email], payer))]);
}
