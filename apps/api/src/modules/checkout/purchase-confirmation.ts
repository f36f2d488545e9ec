/**
 * A card payment was fulfilled: its lessons are booked (the lessons module tells both people), or its
 * bundle is ready (told here, to the learner and the guardians who asked for copies). A guardian who paid
 * gets a receipt of their own.
 */
import type { PaymentType } from "@kerb/shared";
import { TEST_PACK_CREDIT_LINE } from "@kerb/shared/rules";
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { bundles, payments, users } from "../../db/schema/index.ts";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import { guardianCopies } from "../guardians/index.ts";
import {
  enqueueLessonsPurchased,
  type LessonNoticeRow,
  listPurchasedLessons,
  type NoticeOptions,
} from "../lessons/index.ts";
import { type OutboxEmail, recipient } from "../notifications/index.ts";
import { bundlePurchased } from "./bundle-purchased-email.ts";
import { payerReceipt } from "./payer-receipt-email.ts";

const student = alias(users, "student");
const instructor = alias(users, "instructor");
const payer = alias(users, "payer");

/** Who paid `paymentId` when not its learner (a guardian), with the learner and what a bundle buys. */
async function findPayerOf(db: Executor, paymentId: string) {
  const [row] = await db
    .select({
      payer: { id: payer.id, email: payer.email, firstName: payer.firstName, lastName: payer.lastName },
      learner: { firstName: student.firstName, lastName: student.lastName },
      bundleSpec: payments.bundleSpec,
    })
    .from(payments)
    .innerJoin(payer, eq(payer.id, payments.payerId))
    .innerJoin(student, eq(student.id, payments.userId))
    .where(eq(payments.id, paymentId));
  return row;
}

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

type FulfilledPayment = {
  id: string;
  type: PaymentType;
  invoiceNumber: string;
  amountCents: number;
  gstCents: number;
};

/** A payment was fulfilled: its lessons are booked, or its bundle is ready. Call in the fulfilling transaction. */
export async function enqueuePurchaseConfirmation(
  uow: UnitOfWork,
  payment: FulfilledPayment,
  options: NoticeOptions,
  /** The payment's lessons when the caller has just read them (listPurchasedLessons). */
  lessons?: LessonNoticeRow[],
): Promise<string[]> {
  const paidBy = await findPayerOf(uow.tx, payment.id);
  // A test-pack credit is told by the page that bought it and its tax invoice; a guardian gets the receipt.
  const told =
    payment.type === "BOOKINGS"
      ? await enqueueLessonsPurchased(uow, payment, options, lessons)
      : payment.type === "BUNDLE"
        ? await enqueueBundleReady(uow, payment, options, paidBy?.payer ?? null)
        : [];
  if (!paidBy) return told;
  const purchase =
    payment.type === "BUNDLE"
      ? `${paidBy.bundleSpec?.totalLessons ?? 0}-lesson bundle`
      : payment.type === "TEST_PACK_CREDIT"
        ? TEST_PACK_CREDIT_LINE.toLowerCase()
        : lessonCount((lessons ?? (await listPurchasedLessons(uow.tx, payment.id))).length);
  const receipt: OutboxEmail = {
    kind: "payer_receipt",
    to: recipient(paidBy.payer),
    ...payerReceipt({
      payer: paidBy.payer,
      learner: paidBy.learner,
      purchase,
      amountCents: payment.amountCents,
      gstCents: payment.gstCents,
      invoiceNumber: payment.invoiceNumber,
      ...(options.appUrl ? { appUrl: options.appUrl } : {}),
    }),
    dedupeKey: `payer-receipt:${payment.id}`,
    now: options.now,
  };
  return [...told, ...(await uow.email([receipt]))];
}

const lessonCount = (n: number) => `${n} driving ${n === 1 ? "lesson" : "lessons"}`;

/** The bundle is ready: the learner is told (and who bought it for them), with copies as chosen. */
async function enqueueBundleReady(
  uow: UnitOfWork,
  payment: FulfilledPayment,
  options: NoticeOptions,
  boughtBy: { firstName: string; lastName: string } | null,
): Promise<string[]> {
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
      boughtBy,
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
  return uow.email([email, ...(await guardianCopies(uow.tx, bundle.student.id, [email]))]);
}
