import type { OpenInvoiceResponse } from "@kerb/shared";
import { formatSydneyDate } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { kerbSupplier } from "../../lib/supplier.ts";
import { issueInvoiceNumber } from "./invoice-number.ts";

/**
 * What the student's invoice screen shows before anything is paid: a number issued to them (the payment
 * takes it, invoice-number.ts), today's Sydney date and the supplier.
 */
export function openInvoice(
  ctx: Pick<AppContext, "auth" | "env" | "now">,
  studentId: string,
): OpenInvoiceResponse {
  const now = ctx.now();
  return {
    invoice: issueInvoiceNumber(ctx.auth.secret, studentId, now),
    issuedOn: formatSydneyDate(now),
    ...kerbSupplier(ctx.env),
  };
}
