import { ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { ResultLayout } from "../components/result-layout";

/** Where the card page sends a student who backed out (spec §2). No guard: nothing here needs a session. */
export function PaymentCancelledPage() {
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
