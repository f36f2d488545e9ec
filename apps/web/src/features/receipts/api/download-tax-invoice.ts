import type { StudentPayment } from "@kerb/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { saveBlob } from "@/lib/save-blob";

const taxInvoiceFilename = (invoiceNumber: string) => `Kerb-tax-invoice-${invoiceNumber}.pdf`;

/** Fetches the payment's PDF tax invoice with the session's token and saves it. */
async function downloadTaxInvoice(payment: Pick<StudentPayment, "id" | "invoiceNumber">) {
  const pdf = await api.getBlob(`/student/payments/${encodeURIComponent(payment.id)}/invoice.pdf`);
  saveBlob(pdf, taxInvoiceFilename(payment.invoiceNumber));
}

export function useDownloadTaxInvoice() {
  return useMutation({ mutationFn: downloadTaxInvoice });
}
