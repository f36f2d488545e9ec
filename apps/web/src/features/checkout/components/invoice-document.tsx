import {
  type CheckoutResponse,
  DEFAULT_SUPPLIER_NAME,
  type OpenInvoiceResponse,
  type Suburb,
} from "@kerb/shared";
import { type BundleOption, dollarsToCents, formatAud, formatSydneyDate } from "@kerb/shared/rules";
import { BUNDLE_CREDIT_TERMS, CANCELLATION_TERMS, GST_PERCENT } from "@kerb/shared/words";
import { type ReactNode, useRef } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { PoolTag, type SelectedSlot, slotKey, slotTimeText } from "@/features/availability";
import { useCurrentUser } from "@/lib/auth-store";
import { formatDate } from "@/lib/format";
import {
  batchInvoiceLines,
  batchLessonsText,
  batchTotals,
  bundleInvoiceLines,
  bundleTotals,
} from "../model/invoice";
import { type Flow, instructorName, type SelectedInstructor } from "../model/wizard-state";

/** Shown for the moment before the server's number arrives (it is issued as the screen opens). */
const NUMBERING_INVOICE = "Numbering…";

type InvoiceDocumentProps = {
  flow: Flow;
  suburb: Suburb;
  instructor: SelectedInstructor | null;
  slots: readonly SelectedSlot[];
  bundle: BundleOption;
  /** The payment opened for this purchase: its invoice number and the server's totals. */
  checkout: CheckoutResponse | null;
  /** The number and supplier the server issued as this screen opened (before any payment). */
  opened?: OpenInvoiceResponse | undefined;
  /** Shown between the totals and the terms (the pickup address of a batch). */
  children?: ReactNode;
};

/** The tax invoice of the purchase: parties, items, (batch) schedule, totals with GST and the terms. */
export function InvoiceDocument({
  flow,
  suburb,
  instructor,
  slots,
  bundle,
  checkout,
  opened,
  children,
}: InvoiceDocumentProps) {
  const user = useCurrentUser();
  const today = useRef(formatSydneyDate(new Date())).current;
  const isBundle = flow === "bundle";
  // A payment opened earlier keeps its own number; otherwise the one issued for this screen.
  const invoiceNumber = checkout?.payment.invoiceNumber ?? opened?.invoice.number;
  const lines = isBundle ? bundleInvoiceLines(bundle) : batchInvoiceLines(slots);
  // The server's numbers once it has them; they equal ours (both sum integer cents the same way).
  const shown = checkout
    ? {
        subtotalCents: dollarsToCents(checkout.payment.subtotal),
        gstCents: dollarsToCents(checkout.payment.gst),
        totalCents: dollarsToCents(checkout.payment.amount),
      }
    : isBundle
      ? bundleTotals(bundle)
      : batchTotals(slots);

  return (
    <Card>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex flex-col gap-1">
            <h2 className="font-bold text-slate-900 text-xl">Tax invoice</h2>
            <p className="text-slate-600 text-sm">
              {opened?.supplier.name ?? DEFAULT_SUPPLIER_NAME} · Sydney NSW
            </p>
            {opened ? (
              <p className="text-slate-600 text-sm" data-testid="supplier-abn">
                ABN {opened.supplier.abn}
              </p>
            ) : null}
            {opened?.isDemoSupplier ? (
              <p className="text-amber-700 text-xs">Demonstration ABN: not a registered business number</p>
            ) : null}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:text-right">
            <dt className="text-slate-600">Invoice number</dt>
            <dd
              className={invoiceNumber ? "font-semibold text-slate-900" : "text-slate-600"}
              data-testid="invoice-number"
            >
              {invoiceNumber ?? NUMBERING_INVOICE}
            </dd>
            <dt className="text-slate-600">Date</dt>
            <dd className="font-semibold text-slate-900">{today}</dd>
          </dl>
        </div>

        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1 rounded-xl bg-slate-50 p-4 text-sm">
            <h3 className="font-semibold text-slate-900">Bill to</h3>
            <p className="text-slate-800">{user ? `${user.firstName} ${user.lastName}` : ""}</p>
            <p className="break-all text-slate-600">{user?.email}</p>
          </div>
          <div className="flex flex-col gap-1 rounded-xl bg-slate-50 p-4 text-sm">
            <h3 className="font-semibold text-slate-900">Service details</h3>
            <p className="text-slate-800">
              {isBundle ? "Lesson bundle (Flow A)" : "Multi-select booking (Flow B)"}
            </p>
            <p className="text-slate-600">Suburb: {suburb}</p>
            {isBundle ? (
              <p className="text-slate-600">
                Instructor:{" "}
                {instructor?.id
                  ? `${instructorName(instructor)}${instructor.autoMatch ? " (Auto-Match)" : ""}`
                  : "Auto-Match (any suitable instructor)"}
              </p>
            ) : (
              <p className="text-slate-600">{batchLessonsText(slots)}</p>
            )}
          </div>
        </div>

        <div className="-mx-1 overflow-x-auto">
          <table className="w-full min-w-[18rem] text-left text-sm">
            <caption className="sr-only">Invoice items</caption>
            <thead>
              <tr className="border-slate-200 border-b text-slate-600">
                <th scope="col" className="py-2 pr-2 pl-1 font-medium">
                  Description
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Qty
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Unit price <span className="font-normal text-xs">(ex GST)</span>
                </th>
                <th scope="col" className="py-2 pr-1 pl-2 text-right font-medium">
                  Total <span className="font-normal text-xs">(ex GST)</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.key} className="border-slate-100 border-b align-top">
                  <td className="py-2.5 pr-2 pl-1 text-slate-900">{line.description}</td>
                  <td className="px-2 py-2.5 text-right tabular-nums">{line.quantity}</td>
                  <td className="px-2 py-2.5 text-right tabular-nums">{formatAud(line.unitCents)}</td>
                  <td className="py-2.5 pr-1 pl-2 text-right tabular-nums">{formatAud(line.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        {!isBundle ? (
          <div className="flex flex-col gap-2">
            <h3 className="font-semibold text-slate-900">Lesson schedule</h3>
            <ul className="flex flex-col divide-y divide-slate-100 text-sm" aria-label="Lesson schedule">
              {slots.map((slot) => (
                <li
                  key={slotKey(slot)}
                  className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 py-2.5 sm:grid-cols-[7rem_10rem_1fr]"
                >
                  <span className="font-medium text-slate-900">{formatDate(slot.startTime)}</span>
                  <span className="text-slate-700">{slotTimeText(slot)}</span>
                  <span className="col-span-2 flex flex-wrap items-center gap-2 text-slate-700 sm:col-span-1">
                    {slot.instructorName}
                    {slot.isPoolHours ? <PoolTag /> : null}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <dl className="ml-auto flex w-full max-w-xs flex-col gap-1.5 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Subtotal</dt>
            <dd className="tabular-nums" data-testid="invoice-subtotal">
              {formatAud(shown.subtotalCents)}
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">GST ({GST_PERCENT})</dt>
            <dd className="tabular-nums" data-testid="invoice-gst">
              {formatAud(shown.gstCents)}
            </dd>
          </div>
          {/* ACL s 48: what the student pays, GST included, is the largest figure on the page. */}
          <div className="flex items-baseline justify-between gap-4 border-slate-200 border-t pt-2 text-lg">
            <dt className="font-semibold text-slate-900">
              Total (AUD) <span className="font-normal text-slate-600 text-sm">incl. GST</span>
            </dt>
            <dd className="font-bold text-slate-900 tabular-nums" data-testid="invoice-total">
              {formatAud(shown.totalCents)}
            </dd>
          </div>
        </dl>

        {children}

        <div className="flex flex-col gap-1.5 rounded-xl border border-slate-200 p-4 text-slate-700 text-sm">
          <h3 className="font-semibold text-slate-900">Cancellation terms</h3>
          <ul className="list-disc pl-5 leading-relaxed">
            {CANCELLATION_TERMS.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
          {isBundle ? (
            <>
              <h3 className="mt-2 font-semibold text-slate-900">Lessons paid with this bundle's credits</h3>
              <ul className="list-disc pl-5 leading-relaxed" aria-label="Terms for lessons paid with credits">
                {BUNDLE_CREDIT_TERMS.map((term) => (
                  <li key={term}>{term}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
