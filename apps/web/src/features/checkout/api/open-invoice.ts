import { type InvoiceNumberClaim, type OpenInvoiceResponse, openInvoiceResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { checkoutKeys } from "./query-keys";

/**
 * Numbers the invoice the student is looking at (nothing is held or charged). Paying sends the number
 * back, so the payment, the PDF and this screen carry the same one. `shown`, the number this checkout's
 * screen showed before, comes back while it is still the student's and unpaid.
 */
async function openInvoice(shown: InvoiceNumberClaim | null): Promise<OpenInvoiceResponse> {
  return openInvoiceResponse.parse(
    await api.post("/student/invoices", shown ? { invoice: shown } : undefined),
  );
}

// Asked once per visit to the invoice screen (kept while the student changes bundle size or pickup).
// The checkout keeps the number it was given (the wizard's draft) and sends it on the next visit, so
// reopening shows the same number; the key leaves it out, or storing the answer would ask again.
const openInvoiceQueryOptions = (shown: InvoiceNumberClaim | null) =>
  queryOptions({
    queryKey: checkoutKeys.invoiceNumber(),
    queryFn: () => openInvoice(shown),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: 1,
  });

export function useOpenInvoice(shown: InvoiceNumberClaim | null) {
  return useQuery(openInvoiceQueryOptions(shown));
}
