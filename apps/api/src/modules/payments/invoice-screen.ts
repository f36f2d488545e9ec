import type { InvoiceNumberClaim, OpenInvoiceResponse } from "@kerb/shared";
import { formatSydneyDate } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { kerbSupplier } from "../../lib/supplier.ts";
import { isClaimOpen, issueInvoiceNumber } from "./invoice-number.ts";

/**
 * What the student's invoice screen shows before anything is paid: a number issued to them (the payment
 * takes it, invoice-number.ts), today's Sydney date and the supplier. Reopening the screen for the same
 * checkout sends the number it showed: that number again while it is still theirs and unpaid, so one
 * checkout keeps one number however often its invoice is opened; a new checkout sends none and gets a
 * new number.
 */
export async function openInvoice(
  ctx: Pick<AppContext, "auth" | "env" | "now" | "db">,
  studentId: string,
  shown?: InvoiceNumberClaim,
): Promise<OpenInvoiceResponse> {
  const now = ctx.now();
  const keep =
    shown !== undefined && (await isClaimOpen(ctx.db, { secret: ctx.auth.secret, studentId, claim: shown }));
  return {
    invoice: keep
      ? { number: shown.number, key: shown.key }
      : issueInvoiceNumber(ctx.auth.secret, studentId, now),
    issuedOn: formatSydneyDate(now),
    ...kerbSupplier(ctx.env),
  };
}
