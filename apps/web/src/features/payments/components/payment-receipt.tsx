import type { PaymentDetails } from "@kerb/shared";
import { BUNDLE_CREDIT_TERMS, GST_PERCENT } from "@kerb/shared/words";
import Package from "lucide-react/icons/package";
import { Card, CardContent } from "@/components/ui/card";
import { ConsumerPrice } from "@/components/ui/consumer-price";
import { PoolHoursBadge } from "@/components/ui/pool-hours-badge";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { useCurrentUser } from "@/lib/auth-store";
import { formatDate, formatDollars, formatTimeRange } from "@/lib/format";

/**
 * What was paid and what it bought: the invoice number, amount with GST, and the lessons or bundle. A
 * bundle's receipt states what cancelling a credit-paid lesson does, in the invoice's words.
 */
export function PaymentReceipt({ payment }: { payment: PaymentDetails }) {
  // A guardian who paid for a learner finds the invoice on that learner's page.
  const isGuardian = useCurrentUser()?.role === "GUARDIAN";
  return (
    <Card>
      <CardContent className="flex flex-col gap-5">
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
          <div className="flex flex-col">
            <dt className="text-slate-600">Invoice number</dt>
            <dd className="font-semibold text-slate-900">{payment.invoiceNumber}</dd>
          </div>
          <div className="flex flex-col">
            <dt className="text-slate-600">Paid on</dt>
            <dd className="font-semibold text-slate-900">
              {formatDate(payment.paidAt ?? payment.createdAt)}
            </dd>
          </div>
          <div className="flex flex-col">
            <dt className="text-slate-600">Amount paid</dt>
            <dd className="font-semibold text-slate-900">
              {formatDollars(payment.amount)} <span className="font-normal text-slate-600">incl. GST</span>
            </dd>
          </div>
        </dl>
        <p className="text-slate-600 text-sm">
          Subtotal {formatDollars(payment.subtotal)} + GST ({GST_PERCENT}) {formatDollars(payment.gst)} ={" "}
          {formatDollars(payment.amount)} AUD
        </p>
        {payment.status === "PAID" ? (
          <p className="text-slate-700 text-sm">
            Your tax invoice is ready to download any time from{" "}
            <TextLink to={isGuardian ? paths.guardian.home() : paths.student.payments()}>Payments</TextLink>.
          </p>
        ) : null}

        {payment.type === "BUNDLE" && payment.bundle ? (
          <div className="flex items-start gap-3 rounded-xl bg-brand-50 p-4">
            <Package className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <div className="flex flex-col gap-0.5 text-sm">
              <h2 className="font-semibold text-base text-slate-900">
                {payment.bundle.totalLessons}-lesson bundle
              </h2>
              <p className="text-slate-700">
                <ConsumerPrice dollars={payment.bundle.pricePerLesson} per=" per lesson" />
              </p>
              {payment.bundle.expiresAt ? (
                <p className="text-slate-700">Use your lessons by {formatDate(payment.bundle.expiresAt)}</p>
              ) : null}
              <h3 className="mt-2 font-semibold text-slate-900">Lessons paid with this bundle's credits</h3>
              <ul className="list-disc pl-5 text-slate-700" aria-label="Terms for lessons paid with credits">
                {BUNDLE_CREDIT_TERMS.map((term) => (
                  <li key={term}>{term}</li>
                ))}
              </ul>
            </div>
          </div>
        ) : null}

        {payment.lessons.length > 0 ? (
          <div className="flex flex-col gap-2">
            <h2 className="font-semibold text-base text-slate-900">
              Your {payment.lessons.length === 1 ? "lesson" : `${payment.lessons.length} lessons`}
            </h2>
            <ul className="flex flex-col divide-y divide-slate-100 text-sm">
              {payment.lessons.map((lesson) => (
                <li key={lesson.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                  <span className="flex flex-col">
                    <span className="font-semibold text-slate-900">
                      {formatDate(lesson.startTime)}, {formatTimeRange(lesson.startTime, lesson.endTime)}
                    </span>
                    <span className="text-slate-600">
                      {lesson.instructor.firstName} {lesson.instructor.lastName}
                      {lesson.pickupLocation ? ` · Pickup: ${lesson.pickupLocation}` : ""}
                    </span>
                  </span>
                  <span className="flex items-center gap-2">
                    {lesson.isPoolHours ? <PoolHoursBadge /> : null}
                    <ConsumerPrice dollars={lesson.price} className="font-medium text-slate-900" />
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
