import { type OpenInvoiceResponse, openInvoiceResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { checkoutKeys } from "./query-keys";

/**
 * Numbers the invoice the student is looking at (nothing is held or charged). Paying sends the number
 * back, so the payment, the PDF and this screen carry the same one.
 */
async function openInvoice(): Promise<OpenInvoiceResponse> {
  return openInvoiceResponse.parse(await api.post("/student/invoices"));
}

// One number per visit to the invoice screen: kept while the student changes bundle size or pickup,
// issued again only when the screen is opened afresh (an unpaid number is simply never used).
const openInvoiceQueryOptions = () =>
  queryOptions({
    queryKey: checkoutKeys.invoiceNumber(),
    queryFn: openInvoice,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: 1,
  });

export function useOpenInvoice() {
  return useQuery(openInvoiceQueryOptions());
}
