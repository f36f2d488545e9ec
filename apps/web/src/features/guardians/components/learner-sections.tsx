import type { GuardianLearnerOverview, PaymentDetails, SavedCard } from "@kerb/shared";
import { paymentStatusLabels } from "@kerb/shared/words";
import CalendarDays from "lucide-react/icons/calendar-days";
import Package from "lucide-react/icons/package";
import Receipt from "lucide-react/icons/receipt";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ConsumerPrice } from "@/components/ui/consumer-price";
import { DateTile } from "@/components/ui/date-tile";
import { ProgressBar } from "@/components/ui/progress-bar";
import { BookingStatusBadge, StatusBadge, statusStyles } from "@/components/ui/status-badge";
import { TaxInvoiceDownload } from "@/components/ui/tax-invoice-download";
import { savedCardLabel } from "@/features/saved-cards";
import { formatDate, formatDollars, formatTimeOnDay, formatTimeRange, lessonCount } from "@/lib/format";
import { useDownloadGuardianInvoice } from "../api/download-guardian-invoice";

type Overview = GuardianLearnerOverview;
type Payment = Overview["payments"][number];

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

/** A checkout holding lessons that can still be paid: the guardian's "Pay now". */
const isPayable = (payment: Payment) => payment.status === "PENDING" && payment.holdExpiresAt !== null;

const PAYMENT_STATUS = statusStyles(
  { ...paymentStatusLabels, PENDING: "Awaiting payment" },
  {
    PENDING: "warning",
    PAID: "success",
    FAILED: "danger",
    CANCELLED: "neutral",
    EXPIRED: "neutral",
    REFUNDED: "info",
  },
);

const PAYMENT_TITLES: Record<Payment["type"], string> = {
  BUNDLE: "Lesson bundle",
  BOOKINGS: "Lessons",
  TEST_PACK_CREDIT: "Test package credit",
};
const paymentTitle = (payment: Payment) => PAYMENT_TITLES[payment.type];

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Empty({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-4 text-slate-600 text-sm">
      <span className="text-slate-500" aria-hidden="true">
        {icon}
      </span>
      <p>{children}</p>
    </div>
  );
}

export function UpcomingLessons({ overview }: { overview: Overview }) {
  const { learner, upcomingLessons } = overview;
  return (
    <Section title="Upcoming lessons">
      {upcomingLessons.length === 0 ? (
        <Empty icon={<CalendarDays className="size-5" />}>{learner.firstName} has no lessons booked.</Empty>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100" aria-label="Upcoming lessons">
          {upcomingLessons.map((lesson) => (
            <li key={lesson.id} className="flex gap-4 py-3 first:pt-0 last:pb-0">
              <DateTile iso={lesson.startTime} />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <p className="font-semibold text-slate-900">
                    {formatTimeRange(lesson.startTime, lesson.endTime)}
                  </p>
                  <BookingStatusBadge status={lesson.status} />
                </div>
                <p className="text-slate-600 text-sm">
                  With {fullName(lesson.instructor)} · {lesson.suburb}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function LearnerBundles({ overview }: { overview: Overview }) {
  const { learner, bundles } = overview;
  return (
    <Section title="Bundles">
      {bundles.length === 0 ? (
        <Empty icon={<Package className="size-5" />}>{learner.firstName} has no lesson credits left.</Empty>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Bundles">
          {bundles.map((bundle) => {
            const left = bundle.totalLessons - bundle.usedLessons;
            return (
              <li key={bundle.id} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
                <div className="flex flex-col">
                  <p className="font-semibold text-slate-900">{bundle.totalLessons}-lesson bundle</p>
                  <p className="text-slate-600 text-sm">
                    {bundle.instructor ? `With ${fullName(bundle.instructor)}` : "Any instructor"} ·{" "}
                    <ConsumerPrice dollars={bundle.pricePerLesson} per=" a lesson" />
                  </p>
                </div>
                <ProgressBar
                  label="Credits left"
                  value={left}
                  maxValue={Math.max(bundle.totalLessons, 1)}
                  valueLabel={`${left} of ${bundle.totalLessons}`}
                />
                <p className="text-slate-600 text-sm">
                  Expires <span className="font-medium text-slate-900">{formatDate(bundle.expiresAt)}</span>
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

/** Checkouts the learner started whose lessons are held for a while: the guardian may pay them. */
export function PaymentsDue({
  overview,
  now,
  onPay,
  payingId,
  savedCard,
}: {
  overview: Overview;
  now: number;
  /** `savedCardId`: pay with the guardian's saved card, off-session; absent, on the card page. */
  onPay: (payment: Payment, savedCardId?: string) => void;
  /** The checkout being paid, if any: every Pay button waits meanwhile. */
  payingId: string | null;
  /** The guardian's saved card, offered beside Pay now. */
  savedCard?: SavedCard | undefined;
}) {
  const due = overview.payments.filter(isPayable);
  if (due.length === 0) return null;
  return (
    <Card className="border-amber-300 bg-amber-50/50">
      <CardHeader
        title="Waiting for payment"
        description={`${overview.learner.firstName} chose these lessons; they are held until the time shown, then released.`}
      />
      <CardContent>
        <ul className="flex flex-col gap-3" aria-label="Waiting for payment">
          {due.map((payment) => (
            <li
              key={payment.id}
              className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex flex-col">
                <p className="font-semibold text-slate-900">
                  {paymentTitle(payment)} · {formatDollars(payment.amount)}
                </p>
                <p className="text-slate-600 text-sm">
                  Held until {formatTimeOnDay(payment.holdExpiresAt ?? payment.createdAt, now)} ·{" "}
                  <span className="whitespace-nowrap">
                    Invoice <span className="font-mono">{payment.invoiceNumber}</span>
                  </span>
                </p>
              </div>
              <div className="flex flex-col gap-2 sm:flex-row">
                {savedCard ? (
                  <Button
                    variant="outline"
                    className="w-full sm:w-auto"
                    onClick={() => onPay(payment, savedCard.id)}
                    isLoading={payingId === payment.id}
                    loadingText="Paying…"
                    disabled={payingId !== null}
                  >
                    Pay with {savedCardLabel(savedCard)}{" "}
                    <span className="sr-only">{formatDollars(payment.amount)}</span>
                  </Button>
                ) : null}
                <Button
                  className="w-full sm:w-auto"
                  onClick={() => onPay(payment)}
                  isLoading={payingId === payment.id}
                  loadingText="Paying…"
                  disabled={payingId !== null}
                >
                  Pay now <span className="sr-only">{formatDollars(payment.amount)}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function PaymentRow({ learnerId, payment }: { learnerId: string; payment: Payment }) {
  const download = useDownloadGuardianInvoice();
  const hasInvoice = payment.paidByYou && (payment.status === "PAID" || payment.status === "REFUNDED");
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="flex flex-col">
          <p className="font-semibold text-slate-900">
            {paymentTitle(payment)} · {formatDollars(payment.amount)}
          </p>
          <p className="text-slate-600 text-sm">
            {formatDate(payment.createdAt)} ·{" "}
            <span className="whitespace-nowrap">
              Invoice <span className="font-mono">{payment.invoiceNumber}</span>
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {payment.paidByYou ? <Badge tone="brand">Paid by you</Badge> : null}
          <StatusBadge status={payment.status} styles={PAYMENT_STATUS} />
        </div>
      </div>
      {hasInvoice ? (
        <TaxInvoiceDownload
          invoiceNumber={payment.invoiceNumber}
          onDownload={() => download.mutate({ learnerId, payment })}
          isPending={download.isPending}
          error={download.error}
          size="sm"
        />
      ) : null}
    </li>
  );
}

export function LearnerPayments({ overview }: { overview: Overview }) {
  const { learner, payments } = overview;
  return (
    <Section
      title="Payments"
      description={`All of ${learner.firstName}'s payments. Tax invoices are for the payer: you can download those you paid.`}
    >
      {payments.length === 0 ? (
        <Empty icon={<Receipt className="size-5" />}>No payments yet.</Empty>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100" aria-label="Payments">
          {payments.map((payment) => (
            <PaymentRow key={payment.id} learnerId={learner.id} payment={payment} />
          ))}
        </ul>
      )}
    </Section>
  );
}

/** What a confirmed payment did, in a sentence. */
export function paidMessage(
  learner: { firstName: string },
  payment: Pick<PaymentDetails, "type" | "lessons" | "bundle">,
) {
  if (payment.type === "BUNDLE") {
    return `Payment confirmed. ${learner.firstName}'s ${payment.bundle?.totalLessons ?? ""}-lesson bundle is ready to use. Your tax invoice is under Payments.`;
  }
  if (payment.type === "TEST_PACK_CREDIT") {
    return `Payment confirmed. A test package credit is ready for ${learner.firstName}: they can use it on their test package page. Your tax invoice is under Payments.`;
  }
  return `Payment confirmed. ${learner.firstName}'s ${lessonCount(payment.lessons.length)} ${
    payment.lessons.length === 1 ? "is" : "are"
  } booked. Your tax invoice is under Payments.`;
}
