import type { StudentPayment } from "@kerb/shared";
import { dollarsToCents } from "@kerb/shared/rules";
import type { ReactNode } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { TaxInvoiceDownload } from "@/components/ui/tax-invoice-download";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { formatDate, formatDollars } from "@/lib/format";
import { useDownloadTaxInvoice } from "../api/download-tax-invoice";

type State = { label: string; tone: BadgeTone };

/** What the student needs to know at a glance, refunds included (a paid payment may be part refunded). */
function paymentState(payment: Pick<StudentPayment, "status" | "amount" | "refunded">): State {
  const refunded = dollarsToCents(payment.refunded);
  if (payment.status === "REFUNDED" || (refunded > 0 && refunded >= dollarsToCents(payment.amount))) {
    return { label: "Refunded", tone: "neutral" };
  }
  if (refunded > 0) return { label: "Partly refunded", tone: "info" };
  const states: Record<StudentPayment["status"], State> = {
    PAID: { label: "Paid", tone: "success" },
    PENDING: { label: "Awaiting payment", tone: "warning" },
    FAILED: { label: "Failed", tone: "danger" },
    CANCELLED: { label: "Cancelled", tone: "neutral" },
    EXPIRED: { label: "Expired", tone: "neutral" },
    REFUNDED: { label: "Refunded", tone: "neutral" },
  };
  return states[payment.status];
}

const REFUND_STATUS = {
  SUCCEEDED: "Refunded to your card",
  PENDING: "On its way to your card",
} as const;

function Detail({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn("flex flex-col", className)}>
      <dt className="text-slate-600 text-xs uppercase tracking-wide">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

export function PaymentCard({ payment }: { payment: StudentPayment }) {
  const download = useDownloadTaxInvoice();
  const state = paymentState(payment);
  const netCents = dollarsToCents(payment.amount) - dollarsToCents(payment.refunded);

  return (
    <li>
      <Card className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="font-semibold text-base text-slate-900 sm:text-lg">{payment.description}</h2>
          <Badge tone={state.tone}>{state.label}</Badge>
        </div>

        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
          <Detail label={payment.paidAt ? "Paid on" : "Started on"}>
            {formatDate(payment.paidAt ?? payment.createdAt)}
          </Detail>
          <Detail label="Amount">
            {formatDollars(payment.amount)}{" "}
            <span className="block font-normal text-slate-600 text-xs">
              incl. {formatDollars(payment.gst)} GST
            </span>
          </Detail>
          {/* Its own row on phones: an invoice number is read out whole, never broken across lines. */}
          <Detail label="Invoice number" className="col-span-2 sm:col-span-1">
            <span className="font-mono">{payment.invoiceNumber}</span>
          </Detail>
        </dl>

        {payment.refunds.length > 0 ? (
          <div className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4 text-sm">
            <h3 className="font-semibold text-slate-900">Refunds</h3>
            <ul className="flex flex-col gap-1.5">
              {payment.refunds.map((refund) => (
                <li key={refund.id} className="flex flex-wrap justify-between gap-x-3 gap-y-0.5">
                  <span className="text-slate-700">
                    {formatDate(refund.createdAt)} · {REFUND_STATUS[refund.status]}
                  </span>
                  <span className="font-medium text-slate-900">{formatDollars(refund.amount)}</span>
                </li>
              ))}
            </ul>
            <p className="flex flex-wrap justify-between gap-x-3 border-slate-200 border-t pt-2 font-semibold text-slate-900">
              <span>Net paid</span>
              <span>{formatDollars(netCents / 100)}</span>
            </p>
          </div>
        ) : null}

        {payment.invoiceUrl ? (
          <TaxInvoiceDownload
            invoiceNumber={payment.invoiceNumber}
            onDownload={() => download.mutate(payment)}
            isPending={download.isPending}
            error={download.error}
          />
        ) : payment.status === "PENDING" ? (
          <p className="text-slate-600 text-sm">
            Not paid yet, so there is no tax invoice.
            {payment.type === "BOOKINGS" ? (
              <>
                {" "}
                Pay for or release the held lessons in{" "}
                <TextLink to={paths.student.bookings()}>My bookings</TextLink>.
              </>
            ) : null}
          </p>
        ) : null}
      </Card>
    </li>
  );
}
