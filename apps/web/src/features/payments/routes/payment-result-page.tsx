import type { PaymentDetails } from "@kerb/shared";
import { useQueryClient } from "@tanstack/react-query";
import RotateCw from "lucide-react/icons/rotate-cw";
import { useEffect, useRef } from "react";
import { useLocation, useSearchParams } from "react-router";
import { z } from "zod";
import { Button, ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { errorMessage, isApiError } from "@/lib/api-error";
import { useCurrentUser } from "@/lib/auth-store";
import { clearBookingDraft } from "@/lib/booking-draft";
import { scopeKeys } from "@/lib/query-keys";
import { useConfirmPayment } from "../api/confirm-payment";
import { usePayment } from "../api/get-payment";
import { LOAD_FAILED_TITLE, paymentErrorMessage } from "../components/payment-messages";
import { PaymentReceipt } from "../components/payment-receipt";
import { ResultLayout, ResultSkeleton } from "../components/result-layout";

/**
 * The shared /payment/confirmed and /payment/failed screen (spec §2; no guard: the card provider
 * redirects here). Query: payment_id, session_id (from the card page), demo=true, error.
 */
export function PaymentResultPage() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const errorCode = searchParams.get("error");
  // payment_id is what the card provider and the wizard send; paymentId is how people retype it.
  const paymentId = searchParams.get("payment_id") ?? searchParams.get("paymentId");

  if (errorCode !== null || pathname === paths.payment.failed()) return <FailedResult code={errorCode} />;
  if (!paymentId) return <NotFoundResult />;
  // A malformed id can name no payment: no need to ask the server (which would answer 400).
  if (!isPaymentId(paymentId)) return <UnknownPaymentResult />;
  return (
    <ConfirmedResult
      paymentId={paymentId}
      isReturning={searchParams.has("session_id") || searchParams.get("demo") === "true"}
    />
  );
}

/** A guardian paid for a learner: the way on is back to that learner, not to a student's pages. */
function GuardianActions() {
  return <ButtonLink to={paths.guardian.home()}>Back to your learners</ButtonLink>;
}

const isGuardian = (user: ReturnType<typeof useCurrentUser>) => user?.role === "GUARDIAN";

function TryAgainActions() {
  const user = useCurrentUser();
  if (isGuardian(user)) return <GuardianActions />;
  return (
    <>
      <ButtonLink to={paths.student.bookLessons({ resume: true })}>Try Again</ButtonLink>
      <ButtonLink to={paths.student.dashboard()} variant="outline">
        Go to dashboard
      </ButtonLink>
    </>
  );
}

function NotFoundResult() {
  return (
    <ResultLayout title="Payment Not Found" tone="error" message={paymentErrorMessage("payment_not_found")}>
      <TryAgainActions />
    </ResultLayout>
  );
}

const isPaymentId = (value: string) => z.uuid().safeParse(value).success;

/**
 * A link whose payment id is mistyped, or names no payment of this account: nothing to retry, so the
 * way on is where the student's payments and lessons are.
 */
function UnknownPaymentResult() {
  const user = useCurrentUser();
  return (
    <ResultLayout
      title="Payment Not Found"
      tone="neutral"
      message="We couldn't find a payment for this link. It may be mistyped or incomplete. Your payments and lessons are all in your account."
    >
      {isGuardian(user) ? (
        <GuardianActions />
      ) : (
        <>
          <ButtonLink to={paths.student.payments()}>View my payments</ButtonLink>
          <ButtonLink to={paths.student.dashboard()} variant="outline">
            Go to dashboard
          </ButtonLink>
        </>
      )}
    </ResultLayout>
  );
}

function FailedResult({ code, message }: { code: string | null; message?: string }) {
  if (code === "payment_not_found" || code === "not_found") return <NotFoundResult />;
  return (
    <ResultLayout title="Payment Failed" tone="error" message={message ?? paymentErrorMessage(code)}>
      <TryAgainActions />
    </ResultLayout>
  );
}

// A 400 here is the id itself refused (the page checks its shape, the server may be stricter).
const isNotFound = (error: unknown) =>
  isApiError(error) && (error.status === 404 || error.status === 400 || error.code === "payment_not_found");

function ConfirmedResult({ paymentId, isReturning }: { paymentId: string; isReturning: boolean }) {
  const user = useCurrentUser();
  const { pathname, search } = useLocation();
  const paymentQuery = usePayment(paymentId, { enabled: user !== null });
  const confirm = useConfirmPayment();
  const hasAskedToConfirm = useRef(false);
  const payment = paymentQuery.data;

  // Back from the card page with the payment still open: confirm it, once (the server verifies it).
  useEffect(() => {
    if (payment?.status !== "PENDING" || !isReturning || hasAskedToConfirm.current) return;
    hasAskedToConfirm.current = true;
    confirm.mutate({ id: payment.id, type: payment.type });
  }, [payment, isReturning, confirm]);

  if (!user) {
    return (
      // Not necessarily someone whose session ended: a link from an email, or another browser.
      <ResultLayout
        title="Sign in to see your payment"
        tone="pending"
        message="This payment belongs to a Kerb account. Sign in and we'll bring you straight back to it."
      >
        <ButtonLink to={paths.auth.login({ returnTo: `${pathname}${search}` })}>Sign in</ButtonLink>
      </ResultLayout>
    );
  }

  if (paymentQuery.isError) {
    if (isNotFound(paymentQuery.error)) return <UnknownPaymentResult />;
    return (
      <ResultLayout
        title={LOAD_FAILED_TITLE}
        tone="error"
        message={errorMessage(paymentQuery.error, "Please check your connection and try again.")}
      >
        <Button
          onClick={() => paymentQuery.refetch()}
          isLoading={paymentQuery.isFetching}
          icon={<RotateCw className="size-4" aria-hidden="true" />}
        >
          Retry
        </Button>
        <ButtonLink to={paths.student.dashboard()} variant="outline">
          Go to dashboard
        </ButtonLink>
      </ResultLayout>
    );
  }

  if (confirm.isError) {
    const code = isApiError(confirm.error) ? confirm.error.code : null;
    // The server's own words say what happened to the held times and the money (a hold the instructor
    // has since taken off is slot_unavailable, refunded if the card was charged).
    const known = code === "hold_expired" || code === "invalid_state" || code === "slot_unavailable";
    return (
      <FailedResult
        code={code}
        message={known ? errorMessage(confirm.error, paymentErrorMessage(code)) : undefined}
      />
    );
  }

  if (!payment || confirm.isPending || (payment.status === "PENDING" && isReturning && !confirm.isSuccess)) {
    return (
      <ResultSkeleton label={payment ? "Confirming your payment…" : "Loading payment details…"} withDetails />
    );
  }

  if (payment.status === "PAID") return <PaidResult payment={payment} />;

  if (payment.status === "PENDING") {
    return (
      <ResultLayout
        title="Payment Pending"
        tone="pending"
        message="We haven't received this payment yet. If you closed the card page, start again from your saved booking."
      >
        <TryAgainActions />
      </ResultLayout>
    );
  }

  const statusMessages: Record<string, string> = {
    EXPIRED:
      "This payment expired before it was completed, and its lesson times were released. You have not been charged.",
    REFUNDED: "This payment was refunded to your card because its lesson times were no longer held.",
  };
  return <FailedResult code={null} message={statusMessages[payment.status]} />;
}

function PaidResult({ payment }: { payment: PaymentDetails }) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  // The purchase is complete: its draft has nothing left to resume, and the dashboard is out of date.
  useEffect(() => {
    clearBookingDraft();
    void queryClient.invalidateQueries({ queryKey: scopeKeys.student });
  }, [queryClient]);

  const isBundle = payment.type === "BUNDLE";
  const isPackCredit = payment.type === "TEST_PACK_CREDIT";
  const lessons = payment.lessons.length;
  if (isGuardian(user)) {
    return (
      <ResultLayout
        title="Payment Confirmed"
        tone="success"
        message={
          isPackCredit
            ? "Thank you! The driving test package credit is ready for your learner to use."
            : isBundle
              ? `Thank you! The ${payment.bundle?.totalLessons ?? ""}-lesson bundle is ready for your learner to use.`
              : `Thank you! ${lessons === 1 ? "The lesson is" : `The ${lessons} lessons are`} booked for your learner.`
        }
        details={<PaymentReceipt payment={payment} />}
      >
        <GuardianActions />
      </ResultLayout>
    );
  }
  return (
    <ResultLayout
      title="Payment Confirmed"
      tone="success"
      message={
        isPackCredit
          ? "Thank you! Your driving test package credit is ready: use it when you book your test package."
          : isBundle
            ? `Thank you! Your ${payment.bundle?.totalLessons ?? ""}-lesson bundle is ready to use.`
            : `Thank you! ${lessons === 1 ? "Your lesson is" : `Your ${lessons} lessons are`} booked.`
      }
      details={<PaymentReceipt payment={payment} />}
    >
      {isPackCredit ? (
        <ButtonLink to={paths.student.testPack()}>Book my test package</ButtonLink>
      ) : isBundle ? (
        <ButtonLink to={paths.student.bundles()}>View my bundles</ButtonLink>
      ) : (
        <ButtonLink to={paths.student.bookings()}>View my bookings</ButtonLink>
      )}
      <ButtonLink to={paths.student.dashboard()} variant="outline">
        Go to dashboard
      </ButtonLink>
    </ResultLayout>
  );
}
