import type { GuardianPayment } from "@kerb/shared";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { TaxInvoiceDownload } from "@/components/ui/tax-invoice-download";
import { formatDate, formatDollars } from "@/lib/format";
import { useDownloadGuardianInvoice } from "../api/download-guardian-invoice";
import { useGuardianPayments } from "../api/get-guardian-payments";

function ReceiptRow({ payment }: { payment: GuardianPayment }) {
  const download = useDownloadGuardianInvoice();
  const refunded = payment.refunded > 0 ? ` · ${formatDollars(payment.refunded)} refunded to your card` : "";
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-col">
        <p className="font-semibold text-slate-900">
          {payment.description} · {formatDollars(payment.amount)}
        </p>
        <p className="text-slate-600 text-sm">
          For {payment.learner.firstName} {payment.learner.lastName} · {formatDate(payment.createdAt)} ·{" "}
          <span className="whitespace-nowrap">
            Invoice <span className="font-mono">{payment.invoiceNumber}</span>
          </span>
          {refunded}
        </p>
      </div>
      {payment.invoiceUrl ? (
        <TaxInvoiceDownload
          invoiceNumber={payment.invoiceNumber}
          onDownload={() => download.mutate({ learnerId: payment.learner.id, payment })}
          isPending={download.isPending}
          error={download.error}
          size="sm"
        />
      ) : null}
    </li>
  );
}

/**
 * Everything the guardian paid for, for any learner: their receipts stay theirs after a learner removes
 * them (issue 30), so this list does not depend on whom they follow now. Hidden until there is one.
 */
export function YourPayments() {
  const query = useGuardianPayments();
  const payments = query.data?.payments ?? [];
  if (payments.length === 0) return null;
  return (
    <Card>
      <CardHeader
        title="Your payments"
        description="What you paid for, with your tax invoices. They stay here even if a learner removes you."
      />
      <CardContent>
        <ul className="flex flex-col divide-y divide-slate-100" aria-label="Your payments">
          {payments.map((payment) => (
            <ReceiptRow key={payment.id} payment={payment} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
