import { zodResolver } from "@hookform/resolvers/zod";
import {
  MAX_TEST_PACKAGE_PRICE_DOLLARS,
  MIN_TEST_PACKAGE_PRICE_DOLLARS,
  TEST_PACKAGE_WARM_UP_MINUTES,
  type TestPackageOffer,
  testPackageOfferRequest,
} from "@kerb/shared";
import { dollarsToCents, formatConsumerPrice, TEST_CENTRES } from "@kerb/shared/rules";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { CheckboxField, TextField } from "@/components/ui/field";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { useTestPackageOffer } from "../api/get-test-package-offer";
import { useSaveTestPackageOffer } from "../api/save-test-package-offer";

/** The typed price read through the API's own request schema, so the card and the server say the same. */
const offerForm = z
  .object({
    enabled: z.boolean(),
    price: z.string().trim().min(1, "Enter the package price in dollars before GST").transform(Number),
    includesWarmUp: z.boolean(),
    centreIds: z.array(z.string()),
  })
  .pipe(testPackageOfferRequest);
type OfferFormInput = z.input<typeof offerForm>;
type OfferFormValues = z.output<typeof offerForm>;

function formValuesOf(offer: TestPackageOffer): OfferFormInput {
  return {
    enabled: offer.enabled,
    price: offer.price === null ? "" : offer.price.toFixed(2),
    includesWarmUp: offer.includesWarmUp,
    centreIds: offer.centres.map((c) => c.id),
  };
}

/** "Test packages on: $330.00 incl. GST ($300.00 + GST), with a warm-up lesson, at 2 centres." */
function savedSummary(offer: TestPackageOffer): string {
  if (!offer.enabled || offer.price === null) return "Test packages are off: learners don't see them.";
  const centres = offer.centres.length === 1 ? "1 centre" : `${offer.centres.length} centres`;
  const warmUp = offer.includesWarmUp ? "with a warm-up lesson" : "without a warm-up lesson";
  return `Test packages on: learners pay ${formatConsumerPrice(dollarsToCents(offer.price))}, ${warmUp}, at ${centres}.`;
}

/** What a learner would pay for the typed price, or null while it is not a price. */
function consumerPreview(price: string): string | null {
  const dollars = Number(price);
  if (price.trim() === "" || !Number.isFinite(dollars) || dollars <= 0) return null;
  return formatConsumerPrice(dollarsToCents(dollars));
}

function OfferForm({ offer }: { offer: TestPackageOffer }) {
  const mutation = useSaveTestPackageOffer();
  const centresHintId = useId();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<OfferFormInput, unknown, OfferFormValues>({
    resolver: zodResolver(offerForm),
    defaultValues: formValuesOf(offer),
  });
  const clearResult = { onChange: () => mutation.reset() };
  const price = useWatch({ control, name: "price" });
  const preview = consumerPreview(price);
  const centresError = errors.centreIds?.message ?? errors.centreIds?.root?.message;

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(values, { onSuccess: (saved) => reset(formValuesOf(saved)) });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Test packages" className="flex flex-col gap-4">
      <CheckboxField label="Offer test packages" {...register("enabled", clearResult)} />
      <TextField
        label="Package price (dollars, before GST)"
        type="number"
        inputMode="decimal"
        step={0.01}
        min={MIN_TEST_PACKAGE_PRICE_DOLLARS}
        max={MAX_TEST_PACKAGE_PRICE_DOLLARS}
        hint={
          preview
            ? `Learners pay ${preview}.`
            : `$${MIN_TEST_PACKAGE_PRICE_DOLLARS} to $${MAX_TEST_PACKAGE_PRICE_DOLLARS}; learners pay GST on top, as for lessons.`
        }
        error={errors.price?.message}
        {...register("price", clearResult)}
      />
      <CheckboxField
        label={`Include a ${TEST_PACKAGE_WARM_UP_MINUTES}-minute warm-up lesson before the test`}
        {...register("includesWarmUp", clearResult)}
      />
      <fieldset className="flex flex-col gap-2" aria-describedby={centresHintId}>
        <legend className="font-medium text-slate-900 text-sm">Test centres you take learners to</legend>
        <p id={centresHintId} className="text-slate-600 text-sm">
          Learners can book a package for a test at these Service NSW centres.
        </p>
        {TEST_CENTRES.map((centre) => (
          <label key={centre.id} className="flex min-h-11 items-center gap-3 text-slate-900 text-sm">
            <input
              type="checkbox"
              value={centre.id}
              className="size-5 shrink-0 accent-brand-600"
              {...register("centreIds", clearResult)}
            />
            <span>
              {centre.name} <span className="text-slate-600">({centre.address})</span>
            </span>
          </label>
        ))}
        {centresError ? (
          <p role="alert" className="text-red-700 text-sm">
            {centresError}
          </p>
        ) : null}
      </fieldset>
      {mutation.isError ? (
        <ErrorState title="We couldn't save your test packages" error={mutation.error} />
      ) : null}
      {mutation.isSuccess ? <Alert tone="success">{savedSummary(mutation.data)}</Alert> : null}
      <div>
        <Button type="submit" isLoading={mutation.isPending} loadingText="Saving…">
          Save test packages
        </Button>
      </div>
    </form>
  );
}

/**
 * The instructor's driving-test package (issue 33): on or off, the price before GST, the warm-up lesson
 * and the test centres. Booking a package comes later; this is what it will be sold at.
 */
export function TestPackageCard() {
  const query = useTestPackageOffer();
  return (
    <Card>
      <CardHeader
        title="Driving-test packages"
        description="Pick-up, an optional warm-up lesson, your car for the test at the centre, and the drive home."
      />
      <CardContent>
        {query.isPending ? (
          <SkeletonGroup label="Loading your test packages…">
            <Skeleton className="h-40 w-full" />
          </SkeletonGroup>
        ) : query.isError ? (
          <ErrorState
            title="We couldn't load your test packages"
            error={query.error}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : (
          <OfferForm offer={query.data} />
        )}
      </CardContent>
    </Card>
  );
}
