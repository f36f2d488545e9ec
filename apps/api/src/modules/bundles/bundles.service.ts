import type { bundlePurchaseRequest } from "@kerb/shared";
import {
  centsToDollars,
  dollarsToCents,
  invoiceTotals,
  isListableInstructor,
  isPurchasableBundle,
  sydneyTodayDate,
} from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { findInstructorListing, findStudentForCheckout } from "../bookings/bookings.repository.ts";
import { createCheckoutService } from "../checkout/checkout.service.ts";
import { newInvoiceNumber } from "../payments/invoice-number.ts";
import { insertPayment } from "../payments/payments.repository.ts";

type PurchaseRequest = z.output<typeof bundlePurchaseRequest>;

export function createBundleService(ctx: AppContext) {
  const checkout = createCheckoutService(ctx);
  return {
    async purchase(studentId: string, request: PurchaseRequest) {
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
      if (instructorId) {
        // The same rule as listing: a lapsed licence or WWC check means no new bundle either.
        const instructor = await findInstructorListing(ctx.db, instructorId);
        if (!instructor || !isListableInstructor(instructor, sydneyTodayDate(now))) {
          throw new AppError("not_found", "That instructor is not available");
        }
      }
      const lines = Array.from({ length: request.totalLessons }, () => pricePerLessonCents);
      const totals = invoiceTotals(lines);
      const payment = await insertPayment(ctx.db, {
        userId: studentId,
        type: "BUNDLE",
        provider: ctx.payments.name,
        subtotalCents: totals.subtotalCents,
        gstCents: totals.gstCents,
        amountCents: totals.totalCents,
        invoiceNumber: newInvoiceNumber(now),
        bundleSpec: { totalLessons: request.totalLessons, pricePerLessonCents, instructorId },
        createdAt: now,
      });
      return checkout.start(payment, student, `Kerb lesson bundle × ${request.totalLessons}`);
    },
  };
}
