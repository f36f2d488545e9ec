import type { GuardianLearner, GuardianLearnerOverview, PaymentDetails } from "@kerb/shared";
import { useQueryClient } from "@tanstack/react-query";
import UsersRound from "lucide-react/icons/users-round";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/components/ui/document-title";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { StatusMessage } from "@/components/ui/status-message";
import { useStatusNote } from "@/components/ui/use-status-note";
import { paths } from "@/config/paths";
import { LogbookCard } from "@/features/learning";
import { useSavedCards } from "@/features/saved-cards";
import { errorMessage, isApiError } from "@/lib/api-error";
import { cn } from "@/lib/cn";
import { useDownloadGuardianLogbook } from "../api/download-guardian-logbook";
import { useGuardianLearner } from "../api/get-guardian-learner";
import { useGuardianLearnerLogbook } from "../api/get-guardian-learner-logbook";
import { useGuardianLearnerProgress } from "../api/get-guardian-learner-progress";
import { useGuardianLearners } from "../api/get-guardian-learners";
import { payLearnerCheckout } from "../api/pay-learner-checkout";
import { guardianKeys } from "../api/query-keys";
import { BuyBundleCard } from "../components/buy-bundle-card";
import { BuyTestPackCreditCard } from "../components/buy-test-pack-credit-card";
import { LearnerProgressCards, LearnerProgressTiles } from "../components/learner-progress";
import {
  LearnerBundles,
  LearnerPayments,
  PaymentsDue,
  paidMessage,
  UpcomingLessons,
} from "../components/learner-sections";
import { YourPayments } from "../components/your-payments";
import { useGuardianCheckout } from "../hooks/use-guardian-checkout";

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

/** One pill per learner; the chosen one is in the URL (?learner=) so it survives a reload or a link. */
function LearnerSwitcher({ learners, chosenId }: { learners: GuardianLearner[]; chosenId: string }) {
  return (
    <nav aria-label="Learners you follow" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
      {learners.map((learner) => {
        const isChosen = learner.id === chosenId;
        return (
          <Link
            key={learner.id}
            to={paths.guardian.home({ learner: learner.id })}
            aria-current={isChosen ? "page" : undefined}
            className={cn(
              "flex min-h-11 shrink-0 items-center rounded-full border px-4 font-semibold text-sm transition-colors",
              "focus-visible:outline-3 focus-visible:outline-brand-500 focus-visible:outline-offset-2",
              isChosen
                ? "border-brand-600 bg-brand-600 text-white"
                : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
            )}
          >
            {fullName(learner)}
          </Link>
        );
      })}
    </nav>
  );
}

function OverviewSkeleton() {
  return (
    <SkeletonGroup label="Loading lessons and payments…" className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Skeleton className="h-56 rounded-2xl" />
      <Skeleton className="h-56 rounded-2xl" />
      <Skeleton className="h-72 rounded-2xl" />
      <Skeleton className="h-72 rounded-2xl" />
    </SkeletonGroup>
  );
}

function LearnerOverview({
  overview,
  onPaid,
  onPayFailed,
}: {
  overview: GuardianLearnerOverview;
  onPaid: (payment: PaymentDetails) => void;
  onPayFailed: (message: string) => void;
}) {
  const { learner } = overview;
  const checkout = useGuardianCheckout(learner.id);
  const progress = useGuardianLearnerProgress(learner.id);
  const logbook = useGuardianLearnerLogbook(learner.id);
  const downloadLogbook = useDownloadGuardianLogbook(learner);
  // The checkout being paid: its button waits, and so do the others (one card page at a time).
  const [payingId, setPayingId] = useState<string | null>(null);
  const now = Date.now();

  // The guardian's own first saved card, offered beside Pay now (decision 041).
  const savedCard = useSavedCards("guardian").data?.cards[0];

  const pay = (paymentId: string, savedCardId?: string) => {
    setPayingId(paymentId);
    checkout.mutate(
      (idempotencyKey) => payLearnerCheckout(learner.id, paymentId, idempotencyKey, savedCardId),
      {
        onSuccess: (result) => {
          // On its way to the card page: the button keeps waiting until the browser has left.
          if (result.redirected) return;
          setPayingId(null);
          onPaid(result.payment);
        },
        onError: (error) => {
          setPayingId(null);
          onPayFailed(errorMessage(error, "The payment didn't go through. You have not been charged."));
        },
      },
    );
  };

  // Lessons and progress on the left, the logbook and money on the right; on a phone in that order.
  return (
    <div className="flex flex-col gap-6">
      <PaymentsDue
        overview={overview}
        now={now}
        payingId={payingId}
        savedCard={savedCard}
        onPay={(payment, savedCardId) => pay(payment.id, savedCardId)}
      />
      <LearnerProgressTiles learner={learner} query={progress} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <UpcomingLessons overview={overview} />
          <LearnerProgressCards learner={learner} query={progress} />
        </div>
        <div className="flex flex-col gap-6">
          <LogbookCard query={logbook} download={downloadLogbook} subject={learner} />
          <LearnerBundles overview={overview} />
          <BuyBundleCard overview={overview} onPaid={onPaid} />
          <BuyTestPackCreditCard overview={overview} onPaid={onPaid} />
          <LearnerPayments overview={overview} />
        </div>
      </div>
    </div>
  );
}

/**
 * /guardian: the learners a parent or guardian follows. One at a time (a switcher when there are
 * several): upcoming lessons, progress (skills, what to work on next, the instructors' notes), the NSW
 * logbook with its PDF, bundles, payments (with "Pay now" on held lessons and the tax invoices of what
 * they paid) and buying a bundle or a driving-test package credit for them.
 */
export function GuardianHomePage() {
  const queryClient = useQueryClient();
  const learnersQuery = useGuardianLearners();
  const [searchParams] = useSearchParams();
  const { note, announce } = useStatusNote();
  const learners = learnersQuery.data?.learners ?? [];
  const wanted = searchParams.get("learner");
  const chosen = learners.find((l) => l.id === wanted) ?? learners[0] ?? null;
  const overviewQuery = useGuardianLearner(chosen?.id ?? null);
  // Removed by the learner while this page was open: the list of learners is out of date too.
  const isNoLongerFollowed = isApiError(overviewQuery.error) && overviewQuery.error.status === 404;
  useEffect(() => {
    if (isNoLongerFollowed) void queryClient.invalidateQueries({ queryKey: guardianKeys.learners() });
  }, [isNoLongerFollowed, queryClient]);
  const [paidFor, setPaidFor] = useState<string | null>(null);

  const title = chosen ? fullName(chosen) : "Your learners";
  // A payment's outcome belongs to the learner it was for.
  const shownNote = paidFor === chosen?.id ? note : null;
  return (
    <Container className="flex flex-col gap-6 py-8 sm:py-12">
      <DocumentTitle title={chosen ? `${chosen.firstName}'s lessons` : "Your learners"} />
      <div className="flex flex-col gap-5">
        <PageHeader
          eyebrow={chosen ? "Following" : undefined}
          title={title}
          description={
            chosen
              ? `${chosen.firstName}'s lessons, progress, logbook hours, bundles and payments. What you buy is ${chosen.firstName}'s to use; its tax invoice is yours.`
              : undefined
          }
        />
        {learners.length > 1 && chosen ? <LearnerSwitcher learners={learners} chosenId={chosen.id} /> : null}
      </div>
      <div>
        {/* Always there (a live region), without a gap of its own while it is empty. */}
        <StatusMessage note={shownNote} />
        <div className={cn(shownNote && "mt-6")}>
          {learnersQuery.isPending ? (
            <OverviewSkeleton />
          ) : learnersQuery.isError ? (
            <ErrorState
              title="We couldn't load your learners"
              error={learnersQuery.error}
              onRetry={() => void learnersQuery.refetch()}
              isRetrying={learnersQuery.isFetching}
            />
          ) : !chosen ? (
            <EmptyState
              icon={<UsersRound className="size-6" />}
              title="You're not following any learners"
              description="When a learner invites you from their Kerb account, open the link in the email to see their lessons and payments here."
            />
          ) : isNoLongerFollowed ? (
            <Alert tone="info" title={`You can no longer see ${chosen.firstName}'s lessons`}>
              {chosen.firstName} has removed you as a guardian.
            </Alert>
          ) : overviewQuery.isPending ? (
            <OverviewSkeleton />
          ) : overviewQuery.isError ? (
            <ErrorState
              title={`We couldn't load ${chosen.firstName}'s lessons`}
              error={overviewQuery.error}
              onRetry={() => void overviewQuery.refetch()}
              isRetrying={overviewQuery.isFetching}
            />
          ) : (
            <LearnerOverview
              key={chosen.id}
              overview={overviewQuery.data}
              onPaid={(payment) => {
                setPaidFor(chosen.id);
                announce(paidMessage(chosen, payment));
              }}
              onPayFailed={(message) => {
                setPaidFor(chosen.id);
                announce(message, "error");
              }}
            />
          )}
        </div>
      </div>
      <YourPayments />
    </Container>
  );
}
