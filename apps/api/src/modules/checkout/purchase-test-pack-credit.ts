import type { testPackCreditPurchaseRequest } from "@kerb/shared";
import { centsToDollars, dollarsToCents, testPackCreditTotals } from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { claimInvoiceNumber, insertPayment } from "../payments/index.ts";
import { findStudentForCheckout } from "../students/index.ts";
import { startCheckout } from "./start-checkout.ts";

type PurchaseRequest = z.output<typeof testPackCreditPurchaseRequest>;

/**
 * POST /student/test-pack-credits/purchase: opens a payment for one test-pack credit at Kerb's price
 * (TEST_PACK_CREDIT_PRICE_CENTS + GST); the credit is issued when the payment is fulfilled
 * (fulfil-payment.ts), once. `payer`: a guardian buying for the learner: the learner's credit, the
 * guardian's payment record, invoice and card receipt (as purchase-bundle.ts).
 */
export async function purchaseTestPackCredit(
  ctx: AppContext,
  studentId: string,
  request: PurchaseRequest,
  payer?: { payerId: string; email: string },
) {
  const now = ctx.now();
  const totals = testPackCreditTotals();
  // The price the learner was shown must still hold: we never charge another.
  if (dollarsToCents(request.price) !== totals.subtotalCents) {
    throw new AppError("amount_mismatch", "The test package credit's price has changed. Please review it.", {
      expected: centsToDollars(totals.subtotalCents),
    });
  }
  const student = await findStudentForCheckout(ctx.db, studentId);
  if (!student) throw new AppError("unauthorized", "Please sign in again");
  const payment = await insertPayment(ctx.db, {
    userId: studentId,
    payerId: payer?.payerId ?? null,
    type: "TEST_PACK_CREDIT",
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
    createdAt: now,
  });
  return startCheckout(ctx, payment, payer ?? student, "Kerb driving test package credit");
}
