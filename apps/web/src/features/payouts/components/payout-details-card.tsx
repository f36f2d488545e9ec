import { zodResolver } from "@hookform/resolvers/zod";
import { GST_NEEDS_ABN, type PayoutDetails, updatePayoutDetailsRequest } from "@kerb/shared";
import { formatAbn } from "@kerb/shared/rules";
import CheckCircle2 from "lucide-react/icons/circle-check";
import ExternalLink from "lucide-react/icons/external-link";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { TextField } from "@/components/ui/field";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { formatIsoDate } from "@/lib/format";
import { useInstructorPayouts } from "../api/get-instructor-payouts";
import { useStartPayoutOnboarding, useUpdatePayoutDetails } from "../api/payout-account";

// The API's own schema (ABN checksum included), on the form's strings.
const detailsForm = z.object({
  abn: z.string(),
  gstRegistered: z.boolean(),
  /** YYYY-MM-DD from the date input, or "" for today. */
  gstEffectiveDate: z.string(),
});
type DetailsForm = z.infer<typeof detailsForm>;
const abnRule = updatePayoutDetailsRequest.shape.abn;

const FORM_ID = "payout-details";

/** Takes the instructor to the ABN field (the earnings page's "Add your ABN"). */
export function focusAbnField() {
  const field = document.querySelector<HTMLInputElement>(`#${FORM_ID} input[name="abn"]`);
  field?.scrollIntoView?.({ block: "center" });
  field?.focus();
}

function StripeAccount({ details }: { details: PayoutDetails }) {
  const onboarding = useStartPayoutOnboarding();
  if (details.provider !== "stripe") {
    return (
      <Alert tone="info" title="Demo mode">
        Payouts are marked paid without moving money, so no bank account is needed.
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {details.stripeConnected ? (
        <p className="flex items-center gap-2 text-brand-800 text-sm">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          Your Stripe account is connected: payouts are transferred to it.
        </p>
      ) : (
        <p className="text-slate-700 text-sm">
          Connect a Stripe account to be paid. Until you do, your earnings keep adding up and are paid with
          the first payout after you connect.
        </p>
      )}
      <div>
        <Button
          variant={details.stripeConnected ? "outline" : "primary"}
          onClick={() => onboarding.mutate()}
          isLoading={onboarding.isPending}
          loadingText="Opening Stripe…"
          icon={<ExternalLink className="size-4" aria-hidden="true" />}
        >
          {details.stripeConnected ? "Update your Stripe account" : "Connect with Stripe"}
        </Button>
      </div>
      {onboarding.isError ? <ErrorState title="We couldn't open Stripe" error={onboarding.error} /> : null}
    </div>
  );
}

function DetailsFormFields({ details }: { details: PayoutDetails }) {
  const mutation = useUpdatePayoutDetails();
  const gstId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<DetailsForm>({
    resolver: zodResolver(detailsForm),
    defaultValues: {
      abn: details.abn ? formatAbn(details.abn) : "",
      gstRegistered: details.gstRegistered,
      gstEffectiveDate: "",
    },
  });

  const onSubmit = handleSubmit((values) => {
    const abn = abnRule.safeParse(values.abn);
    if (!abn.success) {
      setError("abn", { message: abn.error.issues[0]?.message ?? "Enter a valid ABN" });
      return;
    }
    if (values.gstRegistered && !abn.data) {
      setError("abn", { message: GST_NEEDS_ABN });
      return;
    }
    mutation.mutate(
      {
        abn: abn.data ?? null,
        gstRegistered: values.gstRegistered,
        ...(values.gstEffectiveDate ? { gstEffectiveDate: values.gstEffectiveDate } : {}),
      },
      {
        onSuccess: (saved) =>
          reset({
            abn: saved.abn ? formatAbn(saved.abn) : "",
            gstRegistered: saved.gstRegistered,
            gstEffectiveDate: "",
          }),
      },
    );
  });

  return (
    <form
      id={FORM_ID}
      onSubmit={onSubmit}
      noValidate
      aria-label="Payout details"
      className="flex flex-col gap-4"
    >
      <TextField
        label="ABN"
        inputMode="numeric"
        autoComplete="off"
        placeholder="51 824 753 556"
        hint="Needed to be paid, and printed on your payout statements. Without one, your earnings wait."
        error={errors.abn?.message}
        {...register("abn", { onChange: () => mutation.reset() })}
      />
      <div className="flex items-start gap-3">
        <input
          id={gstId}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
          {...register("gstRegistered", { onChange: () => mutation.reset() })}
        />
        <label htmlFor={gstId} className="font-medium text-slate-900 text-sm">
          I am registered for GST
        </label>
      </div>
      <TextField
        label="Date your GST registration started or ended"
        type="date"
        hint="Only when you tick or untick GST: the date of effect the ABN Lookup shows. Today if left empty. Lessons before a registration's date carry no GST."
        error={errors.gstEffectiveDate?.message}
        {...register("gstEffectiveDate", { onChange: () => mutation.reset() })}
      />
      {details.gstRegistrations.length > 0 ? (
        <ul aria-label="GST registrations" className="text-slate-700 text-sm">
          {details.gstRegistrations.map((r) => (
            <li key={r.effectiveFrom}>
              Registered for GST from {formatIsoDate(r.effectiveFrom)}
              {r.effectiveTo ? ` until ${formatIsoDate(r.effectiveTo)}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {mutation.isError ? <ErrorState title="We couldn't save your details" error={mutation.error} /> : null}
      {mutation.isSuccess ? <Alert tone="success">Payout details saved.</Alert> : null}
      <div>
        <Button type="submit" isLoading={mutation.isPending} loadingText="Saving…">
          Save details
        </Button>
      </div>
    </form>
  );
}

/** Where payouts go (Stripe Connect) and what statements print (ABN, GST status). */
export function PayoutDetailsCard() {
  const payoutsQuery = useInstructorPayouts();
  const details = payoutsQuery.data?.details;
  return (
    <Card>
      <CardHeader
        title="Payout details"
        description="Your bank account for payouts, your ABN and GST status."
      />
      <CardContent className="flex flex-col gap-6">
        {payoutsQuery.isPending ? (
          <SkeletonGroup label="Loading payout details…">
            <Skeleton className="h-24 w-full" />
          </SkeletonGroup>
        ) : payoutsQuery.isError ? (
          <ErrorState title="We couldn't load your payout details" error={payoutsQuery.error} />
        ) : details ? (
          <>
            <StripeAccount details={details} />
            <DetailsFormFields details={details} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
