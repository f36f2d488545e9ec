import { CircleCheck, CircleX } from "lucide-react";
import { useLocation, useSearchParams } from "react-router";
import { ButtonLink } from "@/components/ui/button";
import { DocumentTitle } from "@/components/ui/document-title";
import { paths } from "@/config/paths";

// Spec §8 names the codes but not their wording.
const ERROR_MESSAGES: Record<string, string> = {
  verification_failed: "We couldn't confirm the payment status with the card provider.",
  payment_not_found: "We couldn't find this payment.",
  verification_error:
    "Something went wrong while verifying your payment. Please try again or contact support.",
  amount_mismatch: "The amount charged doesn't match the expected amount. Please contact support.",
};
const UNKNOWN_ERROR_MESSAGE = "An unknown error occurred while processing your payment.";

/**
 * The shared /payment/confirmed and /payment/failed screen (no guard). Placeholder until the payment
 * round loads the payment itself; for now it reads the query parameters.
 */
export function PaymentResultPage() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const errorCode = searchParams.get("error");
  const isFailed = pathname === paths.payment.failed() || errorCode !== null;

  if (isFailed) {
    const title = errorCode === "payment_not_found" ? "Payment Not Found" : "Payment Failed";
    return (
      <ResultLayout
        title={title}
        tone="error"
        message={
          errorCode ? (ERROR_MESSAGES[errorCode] ?? UNKNOWN_ERROR_MESSAGE) : "Your payment didn't go through."
        }
      >
        <ButtonLink to={paths.student.bookLessons({ resume: true })}>Try Again</ButtonLink>
        <ButtonLink to={paths.student.dashboard()} variant="outline">
          Go to dashboard
        </ButtonLink>
      </ResultLayout>
    );
  }

  return (
    <ResultLayout
      title="Payment received"
      tone="success"
      message="Thanks! Your lessons and bundles will appear in your account."
    >
      <ButtonLink to={paths.student.bookings()}>View my bookings</ButtonLink>
      <ButtonLink to={paths.student.bundles()} variant="outline">
        View my bundles
      </ButtonLink>
    </ResultLayout>
  );
}

export function ResultLayout({
  title,
  message,
  tone,
  children,
}: {
  title: string;
  message: string;
  tone: "success" | "error" | "neutral";
  children: React.ReactNode;
}) {
  const Icon = tone === "success" ? CircleCheck : CircleX;
  const iconClasses =
    tone === "success"
      ? "bg-brand-50 text-brand-700"
      : tone === "error"
        ? "bg-red-50 text-red-700"
        : "bg-slate-100 text-slate-700";
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center gap-5 px-4 py-16 text-center sm:py-24">
      <DocumentTitle title={title} />
      <div className={`flex size-16 items-center justify-center rounded-full ${iconClasses}`}>
        <Icon className="size-8" aria-hidden="true" />
      </div>
      <h1 className="font-bold text-3xl text-slate-900 tracking-tight">{title}</h1>
      <p className="text-lg text-slate-600">{message}</p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">{children}</div>
    </div>
  );
}
