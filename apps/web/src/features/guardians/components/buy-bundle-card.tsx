import type { GuardianLearnerOverview, PaymentDetails } from "@kerb/shared";
import {
  type BundleSize,
  bundleOptions,
  centsToDollars,
  formatAud,
  formatConsumerPrice,
  invoiceTotals,
  teachesInSuburb,
} from "@kerb/shared/rules";
import { BUNDLE_VALIDITY } from "@kerb/shared/words";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { SelectField } from "@/components/ui/field";
import { RadioCards } from "@/components/ui/radio-cards";
import { errorMessage, isApiError } from "@/lib/api-error";
import { instructorReviewsQueryOptions } from "@/lib/instructor-reviews";
import { buyBundleForLearner } from "../api/buy-bundle-for-learner";
import { useGuardianCheckout } from "../hooks/use-guardian-checkout";

// The public profile answers with the instructor's suburbs; one review is the least it can send.
const profileOf = (instructorId: string) =>
  instructorReviewsQueryOptions(instructorId, { page: 1, pageSize: 1 });

/**
 * "Buy a lesson bundle for <learner>": one of the instructors the learner already learns with, a size
 * from the shared bundle rules, the total with GST, then the card page (or, in demo mode, paid at once).
 */
export function BuyBundleCard({
  overview,
  onPaid,
}: {
  overview: GuardianLearnerOverview;
  onPaid: (payment: PaymentDetails) => void;
}) {
  const { learner, instructors } = overview;
  const queryClient = useQueryClient();
  const options = bundleOptions();
  const [size, setSize] = useState<BundleSize>("medium");
  const [instructorId, setInstructorId] = useState(
    instructors.length === 1 ? (instructors[0]?.id ?? "") : "",
  );
  const [instructorError, setInstructorError] = useState<string>();
  const checkout = useGuardianCheckout(learner.id);
  const profile = useQuery({ ...profileOf(instructorId), enabled: instructorId !== "" });
  // Not listed any more (lapsed licence, suspended): the API would refuse the bundle too.
  const isUnavailable = isApiError(profile.error) && profile.error.status === 404;

  const option = options.find((o) => o.size === size) ?? options[0];
  const title = `Buy a lesson bundle for ${learner.firstName}`;
  if (!option) return null;
  if (instructors.length === 0) {
    return (
      <Card>
        <CardHeader title={title} />
        <CardContent>
          <p className="text-slate-600 text-sm">
            {learner.firstName} needs to book a lesson with an instructor first. A bundle is bought for an
            instructor they already learn with.
          </p>
        </CardContent>
      </Card>
    );
  }

  const totals = invoiceTotals(Array.from({ length: option.lessons }, () => option.pricePerLessonCents));
  const instructor = instructors.find((i) => i.id === instructorId);
  const isRedirecting = checkout.data?.redirected === true;
  const isBusy = checkout.isPending || isRedirecting;

  const buy = () => {
    if (!instructorId) {
      setInstructorError("Choose an instructor");
      return;
    }
    checkout.mutate(
      async (idempotencyKey) => {
        // The learner's suburb when this instructor teaches there; otherwise the server picks one of theirs.
        const found = await queryClient.fetchQuery(profileOf(instructorId)).catch(() => null);
        const suburb =
          overview.suburb && found && teachesInSuburb(found.instructor.suburbs, overview.suburb)
            ? overview.suburb
            : undefined;
        return buyBundleForLearner(
          learner.id,
          {
            totalLessons: option.lessons,
            pricePerLesson: centsToDollars(option.pricePerLessonCents),
            instructorId,
            ...(suburb ? { suburb } : {}),
          },
          idempotencyKey,
        );
      },
      {
        onSuccess: (result) => {
          if (!result.redirected) onPaid(result.payment);
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader
        title={title}
        description={`The credits are ${learner.firstName}'s to book lessons with; the tax invoice is yours. Credits expire ${BUNDLE_VALIDITY} after purchase.`}
      />
      <CardContent className="flex flex-col gap-5">
        <SelectField
          label="Instructor"
          placeholder={instructors.length > 1 ? "Choose an instructor" : undefined}
          options={instructors.map((i) => ({ value: i.id, label: `${i.firstName} ${i.lastName}` }))}
          value={instructorId}
          error={instructorError}
          disabled={isBusy}
          onChange={(event) => {
            setInstructorId(event.target.value);
            setInstructorError(undefined);
            checkout.reset();
          }}
        />
        {isUnavailable && instructor ? (
          <Alert tone="warning">
            {instructor.firstName} isn't taking new bundles at the moment. Choose another instructor.
          </Alert>
        ) : null}
        <RadioCards
          label="Bundle"
          size="lg"
          value={size}
          onChange={(next) => {
            if (isBusy) return;
            setSize(next);
            checkout.reset();
          }}
          options={options.map((o) => ({
            value: o.size,
            label: `${o.name} · ${o.lessons} lessons`,
            description: formatConsumerPrice(o.pricePerLessonCents, " a lesson"),
          }))}
        />
        <dl className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">
              {option.lessons} lessons × {formatAud(option.pricePerLessonCents)}
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
          <Alert tone="error" title="The bundle wasn't bought">
            {errorMessage(checkout.error, "Please try again in a moment. You have not been charged.")}
          </Alert>
        ) : null}
        <Button
          fullWidth
          className="sm:w-auto sm:self-start"
          onClick={buy}
          isLoading={isBusy}
          loadingText={isRedirecting ? "Going to the card page…" : "Paying…"}
          disabled={isUnavailable}
        >
          Pay {formatAud(totals.totalCents)}
        </Button>
      </CardContent>
    </Card>
  );
}
