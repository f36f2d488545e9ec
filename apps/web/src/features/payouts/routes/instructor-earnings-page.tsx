import type { PayoutHold } from "@kerb/shared/rules";
import {
  BUNDLE_LESSON_EARNINGS_NOTE,
  EARNING_LESSONS_NOTE,
  GST_PERCENT,
  INSTRUCTOR_SHARE_PERCENT,
  PLATFORM_FEE_PERCENT,
} from "@kerb/shared/words";
import Wallet from "lucide-react/icons/wallet";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/components/ui/document-title";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { CalendarFeedCard } from "@/features/calendar";
import { formatDollars } from "@/lib/format";
import { useInstructorEarnings } from "../api/get-instructor-earnings";
import { EarningsTable } from "../components/earnings-table";
import { focusAbnField, PayoutDetailsCard } from "../components/payout-details-card";
import { PayoutsCard } from "../components/payouts-card";
import { focusRctiAgreement, RctiAgreementCard } from "../components/rcti-agreement-card";
import { TestPackEarnings } from "../components/test-pack-earnings";

/** Why payouts wait, and the one step on this page that ends the wait. */
const HOLD_STEPS: Record<PayoutHold, { title: string; action: string; onAction: () => void; why: string }> = {
  abn_missing: {
    title: "Add your ABN to be paid",
    action: "Add your ABN",
    onAction: focusAbnField,
    why: "Kerb can only pay you once your Australian Business Number (ABN) is on record. Your earnings keep adding up meanwhile, and the first Monday payout after you add it pays everything owed.",
  },
  agreement_missing: {
    title: "Accept the tax invoice agreement to be paid",
    action: "Read the agreement",
    onAction: focusRctiAgreement,
    why: "Kerb writes the tax invoices for your lessons, and may do so only under a written agreement you have accepted. Until you accept it your earnings keep adding up, and the first Monday payout after you accept pays everything owed.",
  },
};

function PayoutHoldAlert({ hold }: { hold: PayoutHold }) {
  const step = HOLD_STEPS[hold];
  return (
    <Alert
      tone="warning"
      title={step.title}
      action={
        <Button variant="primary" size="sm" onClick={step.onAction}>
          {step.action}
        </Button>
      }
    >
      {step.why}
    </Alert>
  );
}

export function InstructorEarningsPage() {
  const earningsQuery = useInstructorEarnings();
  const earnings = earningsQuery.data;

  return (
    <Container className="flex flex-col gap-8 py-8 sm:py-12">
      <DocumentTitle title="Earnings" />
      <PageHeader
        title="Earnings"
        description="What you've earned from your lessons, by the Sydney month they took place."
        actions={
          earnings && earnings.months.length > 0 ? (
            <div className="rounded-xl bg-brand-50 px-4 py-2 text-brand-900 ring-1 ring-brand-100">
              <p className="text-sm">Total net earnings{earnings.gstRegistered ? " (ex GST)" : ""}</p>
              <p className="font-bold text-2xl">{formatDollars(earnings.totals.net)}</p>
              {earnings.gstRegistered ? (
                <p className="text-sm">{formatDollars(earnings.totals.total)} incl. GST</p>
              ) : null}
            </div>
          ) : null
        }
      />
      {earnings?.payoutHold ? <PayoutHoldAlert hold={earnings.payoutHold} /> : null}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader
            title="Earnings by month"
            description={`You keep ${INSTRUCTOR_SHARE_PERCENT} of each lesson's price; Kerb's platform fee is ${PLATFORM_FEE_PERCENT}. ${BUNDLE_LESSON_EARNINGS_NOTE}${
              earnings?.gstRegistered
                ? ` As you are registered for GST, Kerb also pays you ${GST_PERCENT} GST on your share (per lesson, rounded to the cent).`
                : ""
            } ${EARNING_LESSONS_NOTE}${
              earnings && earnings.totals.testPacks > 0
                ? " Driving test packages are counted under Test packages rather than Lessons, and each is listed below; a payout counts one as one line."
                : ""
            } The Monthly Earnings tile on your dashboard equals this month's net.`}
          />
          <CardContent>
            {earningsQuery.isPending ? (
              <SkeletonGroup label="Loading earnings…">
                <div className="flex flex-col gap-3">
                  <Skeleton className="h-10 w-full" />
                  <Skeleton className="h-10 w-full" />
                  <Skeleton className="h-10 w-full" />
                </div>
              </SkeletonGroup>
            ) : earningsQuery.isError ? (
              <ErrorState
                title="We couldn't load your earnings"
                error={earningsQuery.error}
                onRetry={() => earningsQuery.refetch()}
                isRetrying={earningsQuery.isFetching}
              />
            ) : earnings && earnings.months.length > 0 ? (
              <div className="-mx-1 sm:mx-0">
                <EarningsTable earnings={earnings} />
                <TestPackEarnings earnings={earnings} />
              </div>
            ) : (
              <EmptyState
                icon={<Wallet className="size-6" />}
                title="No earnings yet"
                description="Earnings appear here once you mark lessons completed."
                action={
                  <ButtonLink to={paths.instructor.lessons()} variant="secondary">
                    Go to your lessons
                  </ButtonLink>
                }
              />
            )}
          </CardContent>
        </Card>
        <div className="flex flex-col gap-6">
          <PayoutDetailsCard />
          <CalendarFeedCard />
        </div>
        <div className="lg:col-span-3">
          <RctiAgreementCard />
        </div>
        {/* The full width: a GST-registered instructor's payouts have eight columns. */}
        <div className="lg:col-span-3">
          <PayoutsCard />
        </div>
      </div>
    </Container>
  );
}
