/**
 * A payment as a receipt names it: what it bought ("10-lesson bundle with Sam Lee"), when its lessons
 * are, and whether it has a tax invoice yet. Shared by the payment history and the tax invoice.
 */
import {
  formatSydneyDate,
  formatSydneyTimeRange,
  fullName,
  sydneyDateOf,
  sydneyWeekday,
  TEST_PACK_CREDIT_LINE,
} from "@kerb/shared/rules";
import type * as repo from "./receipts.repository.ts";

type PaymentRow = repo.ReceiptPaymentRow;

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
export const NOT_FOUND = "Payment not found";

export const invoicePath = (paymentId: string) => `/api/student/payments/${paymentId}/invoice.pdf`;
export const guardianInvoicePath = (learnerId: string, paymentId: string) =>
  `/api/guardian/learners/${learnerId}/payments/${paymentId}/invoice.pdf`;

/** A payment has a tax invoice once money was taken: paid, or refunded after being charged. */
export function hasInvoice(payment: Pick<PaymentRow, "status" | "refundedCents">): boolean {
  return payment.status === "PAID" || payment.status === "REFUNDED" || payment.refundedCents > 0;
}

export function bundleSize(payment: PaymentRow): number {
  return payment.bundle?.totalLessons ?? payment.bundleSpec?.totalLessons ?? 0;
}

function withInstructors(names: string[]): string {
  if (names.length === 0) return "";
  if (names.length === 1) return ` with ${names[0]}`;
  if (names.length === 2) return ` with ${names[0]} and ${names[1]}`;
  return ` with ${names.length} instructors`;
}

/** "10-lesson bundle with Sam Lee", "3 driving lessons with Sam Lee and Ann Wu". */
export function describePurchase(
  payment: PaymentRow,
  lessons: { lessons: number; instructorNames: string[] } | undefined,
) {
  if (payment.type === "BUNDLE") {
    const instructor = payment.bundleInstructor ? ` with ${fullName(payment.bundleInstructor)}` : "";
    return `${bundleSize(payment)}-lesson bundle${instructor}`;
  }
  if (payment.type === "TEST_PACK_CREDIT") return TEST_PACK_CREDIT_LINE;
  const count = lessons?.lessons ?? 0;
  return `${count} driving ${count === 1 ? "lesson" : "lessons"}${withInstructors(lessons?.instructorNames ?? [])}`;
}

/** "Tue 24/11/2026, 10:00 am – 11:00 am", Sydney time. */
export function lessonWhen(startTime: Date, endTime: Date): string {
  const weekday = WEEKDAYS[sydneyWeekday(sydneyDateOf(startTime))];
  return `${weekday} ${formatSydneyDate(startTime)}, ${formatSydneyTimeRange(startTime, endTime)}`;
}

/** The student's payments, newest first, with what each bought and every refund against it. */
