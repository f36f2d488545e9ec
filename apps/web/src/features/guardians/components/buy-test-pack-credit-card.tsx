import type { GuardianLearnerOverview, PaymentDetails } from "@kerb/shared";
import { TEST_PACK_CREDIT_PRICE_CENTS } from "@kerb/shared";
import { centsToDollars, formatAud, testPackCreditTotals } from "@kerb/shared/rules";
import { TEST_PACK_CREDIT_VALIDITY } from "@kerb/shared/words";
import Ticket from "lucide-react/icons/ticket-check";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-error";
import { formatDate } from "@/lib/format";
import { buyTestPackCreditForLearner } from "../api/buy-test-pack-credit-for-learner";
import { useGuardianCheckout } from "../hooks/use-guardian-checkout";

/**
 * "Buy a test-package credit for <learner>": one Kerb price whoever the instructor (the credit books one
 * pack with any instructor who offers them), so unlike a bundle there is nothing to choose: the total with
 * GST, then the card page (or, in demo mode, paid at once).
 */
export function BuyTestPackCreditCard({
  overview,
  onPaid,
}: {
  overview: GuardianLearnerOverview;
  onPaid: (payment: PaymentDetails) => void;
}) {
  const { learner, testPackCredits } = overview;
  const checkout = useGuardianCheckout(learner.id);
  const totals = testPackCreditTotals();
  const isRedirecting = checkout.data?.redirected === true;
  const isBusy = checkout.isPending || isRedirecting;

  const buy = () =>
    checkout.mutate(
      (idempotencyKey) =>
        // The price as shown, ex GST: the server recomputes it and refuses another.
        buyTestPackCreditForLearner(
          learner.id,
          { price: centsToDollars(TEST_PACK_CREDIT_PRICE_CENTS) },
          idempotencyKey,
        ),
      {
        onSuccess: (result) => {
          if (!result.redirected) onPaid(result.payment);
        },
      },
    );

  return (
    <Card role="region" aria-label="Test package credit">
      <CardHeader
        title={`Buy ${testPackCredits.usable > 0 ? "another" : "a"} test-package credit for ${learner.firstName}`}
        description={`The credit is ${learner.firstName}'s: it books one driving-test package with any instructor who offers them, within ${TEST_PACK_CREDIT_VALIDITY} of purchase. The tax invoice is yours.`}
      />
      <CardContent className="flex flex-col gap-5">
        {testPackCredits.usable > 0 && testPackCredits.soonestExpiry ? (
          <p className="rounded-xl bg-brand-50 p-4 text-brand-900 text-sm">
            {learner.firstName} has {testPackCredits.usable} test-package{" "}
            {testPackCredits.usable === 1 ? "credit" : "credits"} ready to book
            {testPackCredits.usable === 1 ? ", valid" : ", the first valid"} until{" "}
            {formatDate(testPackCredits.soonestExpiry)}.
          </p>
        ) : null}
        <dl className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="flex items-center gap-2 text-slate-600">
              <Ticket className="size-4 text-brand-700" aria-hidden="true" />
              Test package credit
            </dt>
            <dd className="font-medium text-slate-900">{formatAud(totals.subtotalCents)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">GST</dt>
            <dd className="font-medium text-slate-900">{formatAud(totals.gstCents)}</dd>
          </div>
          <div className="flex justify-between gap-3 border-slate-200 border-t pt-2 font-semibold text-base text-slate-900">
            <dt>Total incl. GST</dt>
            <dd>{formatAud(totals.totalCents)}</dd>
          </div>
        </dl>
        {checkout.isError ? (
          <Alert tone="error" title="The credit wasn't bought">
            {errorMessage(checkout.error, "Please try again in a moment. You have not been charged.")}
          </Alert>
        ) : null}
        <Button
          fullWidth
          className="sm:w-auto sm:self-start"
          onClick={buy}
          isLoading={isBusy}
          loadingText={isRedirecting ? "Going to the card page…" : "Paying…"}
        >
          Pay {formatAud(totals.totalCents)}{" "}
          <span className="sr-only">for {learner.firstName}'s test package credit</span>
        </Button>
      </CardContent>
    </Card>
  );
}
