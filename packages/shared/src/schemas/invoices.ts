import { z } from "zod";

/** `KRB-20261122-7QH3XK`: the Sydney date the number was issued and six characters without 0/O/1/I. */
export const INVOICE_NUMBER_PATTERN = /^KRB-\d{8}-[2-9A-HJ-NP-Z]{6}$/;

/**
 * An invoice number the server issued to this student when their invoice screen opened, with the
 * server's signature over it: paying with it puts that number on the payment (a forged or someone
 * else's number is ignored and a fresh one issued).
 */
export const invoiceNumberClaim = z.object({
  number: z.string().regex(INVOICE_NUMBER_PATTERN, "That is not one of our invoice numbers"),
  key: z.string().min(1, "The invoice number's key is missing").max(200, "That invoice key is too long"),
});
export type InvoiceNumberClaim = z.infer<typeof invoiceNumberClaim>;

/**
 * Opening the invoice screen again for the same checkout: the number it showed before, to be shown
 * again (absent, or no longer ours to give: a new one).
 */
export const openInvoiceRequest = z.object({ invoice: invoiceNumberClaim.optional() });
export type OpenInvoiceRequest = z.infer<typeof openInvoiceRequest>;

/** What the invoice screen shows before anything is paid: its number and the supplier on it. */
export const openInvoiceResponse = z.object({
  invoice: invoiceNumberClaim,
  /** DD/MM/YYYY, Sydney. */
  issuedOn: z.string(),
  supplier: z.object({ name: z.string(), abn: z.string() }),
  /** True while the deployment still uses the demonstration ABN (the invoice says so). */
  isDemoSupplier: z.boolean(),
});
export type OpenInvoiceResponse = z.infer<typeof openInvoiceResponse>;
