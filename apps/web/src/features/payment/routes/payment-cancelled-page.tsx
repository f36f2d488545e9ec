import { ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { ResultLayout } from "./payment-result-page";

export function PaymentCancelledPage() {
  return (
    <ResultLayout title="Payment Cancelled" tone="neutral" message="No charges have been made.">
      <ButtonLink to={paths.student.bookLessons({ resume: true })}>Try Again</ButtonLink>
      <ButtonLink to={paths.home()} variant="outline">
        Back to home
      </ButtonLink>
    </ResultLayout>
  );
}
