import { useLocation, useSearchParams } from "react-router";
import { z } from "zod";
import { ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useCurrentUser } from "@/lib/auth-store";
import { formatDateTime, formatDollars } from "@/lib/format";
import { usePayment } from "../api/get-payment";
import { ResultLayout, ResultSkeleton } from "../components/result-layout";

const isPaymentId = (value: string | null): value is string => z.uuid().safeParse(value).success;

/**
 * Where the card page sends a student who backed out (spec §2). No guard: nothing here needs a session.
 * The card page can be left after paying (Back from the receipt, another tab): for a signed-in student
 * the payment is looked up first, and one that was paid is said to be paid, not cancelled. Signed out,
 * the payment cannot be looked up, so the page claims nothing about a charge: it asks to sign in and
 * comes back here after.
 */
export function PaymentCancelledPage() {
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const user = useCurrentUser();
  const paymentId = searchParams.get("payment_id") ?? searchParams.get("paymentId");
  const canLookUp = user !== null && isPaymentId(paymentId);
  const paymentQuery = usePayment(paymentId ?? "", { enabled: canLookUp });
  const payment = paymentQuery.data;

  if (user === null && isPaymentId(paymentId)) {
    return (
      // It may have been paid after all (Back from the receipt, another tab): only the account can tell.
      <ResultLayout
        title="Sign in to see your payment"
        tone="pending"
        message="This payment belongs to a Kerb account. Sign in and we'll bring you straight back to it, to show whether it went through."
      >
        <ButtonLink to={paths.auth.login({ returnTo: `${pathname}${search}` })}>Sign in</ButtonLink>
      </ResultLayout>
    );
  }

  if (canLookUp && paymentQuery.isPending) {
    return <ResultSkeleton label="Checking your payment…" />;
  }

  if (canLookUp && payment?.status === "PAID") {
    const paidAt = payment.paidAt ?? payment.createdAt;
    return (
      <ResultLayout
        title="This payment went through"
        tone="success"
        message={
          <p>
            Payment {payment.invoiceNumber} of {formatDollars(payment.amount)} was paid on{" "}
            {formatDateTime(paidAt)}, so nothing was cancelled.{" "}
            {payment.type === "BUNDLE" ? "Your bundle is ready to use." : "Your lessons are booked."}
          </p>
        }
      >
        <ButtonLink to={paths.payment.confirmed({ payment_id: payment.id })}>View this payment</ButtonLink>
        <ButtonLink to={paths.student.dashboard()} variant="outline">
          Go to dashboard
        </ButtonLink>
      </ResultLayout>
    );
  }

  return (
    <ResultLayout
      title="Payment Cancelled"
      tone="neutral"
      message={
        <>
          <p>No charges have been made.</p>
          <p className="mt-2 text-base">
            Your booking is saved for now, so you can pick up where you left off.
          </p>
        </>
      }
    >
      <ButtonLink to={paths.student.bookLessons({ resume: true })}>Try Again</ButtonLink>
      <ButtonLink to={paths.student.dashboard()} variant="outline">
        Go to dashboard
      </ButtonLink>
    </ResultLayout>
  );
}
