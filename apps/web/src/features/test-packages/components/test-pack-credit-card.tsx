import type { TestPackCreditsResponse } from "@kerb/shared";
import Ticket from "lucide-react/icons/ticket-check";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ConsumerPrice } from "@/components/ui/consumer-price";
import { ErrorState } from "@/components/ui/error-state";
import { formatDate } from "@/lib/format";

type TestPackCreditCardProps = {
  credits: TestPackCreditsResponse;
  onBuy: () => void;
  isBuying: boolean;
  error: unknown;
};

/**
 * The learner's test-pack credits on the test package page: how many they can spend (each option then
 * offers "Use my test-pack credit"), and buying one in advance, at one Kerb price whoever the instructor.
 */
export function TestPackCreditCard({ credits, onBuy, isBuying, error }: TestPackCreditCardProps) {
  const usable = credits.credits.filter((c) => c.usedAt === null && Date.parse(c.expiresAt) > Date.now());
  const next = usable.map((c) => c.expiresAt).sort()[0];
  return (
    <Card>
      <CardHeader
        title="Test package credits"
        description={
          credits.usable > 0
            ? `You have ${credits.usable === 1 ? "a test package credit" : `${credits.usable} test package credits`} to use${next ? ` by ${formatDate(next)}` : ""}. Choose "Use my test-pack credit" on an instructor below: no card needed.`
            : "Pay for your test package now and book it when your test date is set: a credit books one package with any instructor who offers them, within 12 months."
        }
      />
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <Ticket className="size-6 text-brand-700" aria-hidden="true" />
          <ConsumerPrice dollars={credits.price.exGst} className="font-semibold text-lg text-slate-900" />
        </div>
        <Button variant={credits.usable > 0 ? "outline" : "primary"} onClick={onBuy} isLoading={isBuying}>
          Buy a test-pack credit
        </Button>
      </CardContent>
      {error ? (
        <CardContent>
          <ErrorState title="We couldn't sell you a credit" error={error} />
        </CardContent>
      ) : null}
    </Card>
  );
}
