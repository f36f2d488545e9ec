import type { bundlePurchaseRequest } from "@kerb/shared";
import {
  centsToDollars,
  creditSuburb,
  dollarsToCents,
  findSuburb,
  invoiceTotals,
  isListableInstructor,
  isPurchasableBundle,
  sydneyTodayDate,
  teachesInSuburb,
} from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { findInstructorListing } from "../instructors/index.ts";
import { claimInvoiceNumber, insertPayment } from "../payments/index.ts";
import { findUsableSavedCard } from "../saved-cards/index.ts";
import { findStudentForCheckout } from "../students/index.ts";
import { startCheckout } from "./start-checkout.ts";

type PurchaseRequest = z.output<typeof bundlePurchaseRequest>;

/**
 * POST /student/bundles/purchase: opens a payment for a bundle of lesson credits; the credits are
 * issued when it is fulfilled (fulfil-payment.ts). `payer`: a guardian buying for the learner (issue 23): the learner's credits, the guardian's
 * payment record, invoice and card receipt.
 */
export async function purchaseBundle(
  ctx: AppContext,
  studentId: string,
  request: PurchaseRequest,
  payer?: { payerId: string; email: string },
) {
  const now = ctx.now();
  const pricePerLessonCents = dollarsToCents(request.pricePerLesson);
  // Only a size and price the bundle rules can produce: the client never sets its own discount.
  if (!isPurchasableBundle(request.totalLessons, pricePerLessonCents)) {
    throw new AppError("invalid_bundle", "That bundle size and price is not one we offer", {
      totalLessons: request.totalLessons,
      pricePerLesson: centsToDollars(pricePerLessonCents),
    });
  }
  const student = await findStudentForCheckout(ctx.db, studentId);
  if (!student) throw new AppError("unauthorized", "Please sign in again");
  const instructorId = request.instructorId ?? null;
  // The suburb chosen in Flow A (the schema has matched it), else the student's own.
  let suburb: string | null = request.suburb ?? findSuburb(student.suburb ?? "");
  if (instructorId) {
    // The same rule as listing: a lapsed licence or WWC check means no new bundle either.
    const instructor = await findInstructorListing(ctx.db, instructorId);
    if (!instructor || !isListableInstructor(instructor, sydneyTodayDate(now))) {
      throw new AppError("not_found", "That instructor is not available");
    }
    if (request.suburb && !teachesInSuburb(instructor.suburbs, request.suburb)) {
      throw new AppError("instructor_not_in_suburb", `That instructor does not teach in ${request.suburb}`);
    }
    // The credits are spent where this instructor teaches, so they can always be spent.
    suburb = creditSuburb([suburb], instructor.suburbs);
  }
  // The payer's own card (the guardian's when they pay), refused before the payment is opened.
  if (request.savedCardId) {
    await findUsableSavedCard(ctx, ctx.db, payer?.payerId ?? studentId, request.savedCardId);
  }
  const lines = Array.from({ length: request.totalLessons }, () => pricePerLessonCents);
  const totals = invoiceTotals(lines);
  const payment = await insertPayment(ctx.db, {
    userId: studentId,
    payerId: payer?.payerId ?? null,
    type: "BUNDLE",
    provider: ctx.payments.name,
    subtotalCents: totals.subtotalCents,
    gstCents: totals.gstCents,
    amountCents: totals.totalCents,
    invoiceNumber: await claimInvoiceNumber(ctx.db, {
      secret: ctx.auth.secret,
      studentId,
      claim: request.invoice,
      now,
    }),
    bundleSpec: { totalLessons: request.totalLessons, pricePerLessonCents, instructorId, suburb },
    createdAt: now,
  });
  return startCheckout(ctx, payment, payer ?? student, `Kerb lesson bundle × ${request.totalLessons}`, {
    savedCardId: request.savedCardId,
  });
}
