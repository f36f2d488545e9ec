import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { saveBlob } from "@/lib/save-blob";

/** GET …/learners/:id/payments/:paymentId/invoice.pdf (with the session's token): a payment this guardian paid. */
async function downloadGuardianInvoice({
  learnerId,
  payment,
}: {
  learnerId: string;
  payment: { id: string; invoiceNumber: string };
}) {
  const pdf = await api.getBlob(
    `/guardian/learners/${encodeURIComponent(learnerId)}/payments/${encodeURIComponent(payment.id)}/invoice.pdf`,
  );
  saveBlob(pdf, `Kerb-tax-invoice-${payment.invoiceNumber}.pdf`);
}

export function useDownloadGuardianInvoice() {
  return useMutation({ mutationFn: downloadGuardianInvoice });
}
