import { zodResolver } from "@hookform/resolvers/zod";
import {
  type InstructorAvailability,
  MAX_STANDARD_RATE_DOLLARS,
  MIN_STANDARD_RATE_DOLLARS,
  standardRateDollars,
} from "@kerb/shared";
import { dollarsToCents, formatAud, poolRateCents } from "@kerb/shared/rules";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { TextField } from "@/components/ui/field";
import { formatDollars } from "@/lib/format";
import { useUpdateInstructorSettings } from "../api/update-instructor-settings";
import { ChangeResult, useLatestChange } from "./change-result";

// The one standard-rate schema (packages/shared/src/schemas/fields.ts), as registration and the API use.
const rateForm = z.object({ standardRate: standardRateDollars });
const rateBounds = `Between $${MIN_STANDARD_RATE_DOLLARS} and $${MAX_STANDARD_RATE_DOLLARS}.`;
type RateForm = z.infer<typeof rateForm>;

function poolPreview(rate: number): string | null {
  if (!Number.isFinite(rate) || rate <= 0) return null;
  return formatAud(poolRateCents(dollarsToCents(rate)));
}

/** Standard hourly rate, $30–$200 with the spec's messages; the pool rate follows it (×0.65). */
export function StandardRateCard({ availability }: { availability: InstructorAvailability }) {
  const mutation = useUpdateInstructorSettings();
  const { isLatest, markLatest } = useLatestChange("rate");
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors },
  } = useForm<RateForm>({
    resolver: zodResolver(rateForm),
    defaultValues: { standardRate: availability.standardRate },
  });
  const rate = useWatch({ control, name: "standardRate" });
  const pool = poolPreview(rate);

  const onSubmit = handleSubmit((values) => {
    markLatest();
    mutation.mutate(
      { standardRate: values.standardRate },
      { onSuccess: (change) => reset({ standardRate: change.availability.standardRate }) },
    );
  });

  return (
    <Card>
      <CardHeader
        title="Standard rate"
        description="Your price per hour outside pool hours, before GST: students see it with GST added."
      />
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Standard rate" className="flex flex-col gap-4">
          <TextField
            label="Standard rate (AUD per hour)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min={MIN_STANDARD_RATE_DOLLARS}
            max={MAX_STANDARD_RATE_DOLLARS}
            hint={pool ? `${rateBounds} Your pool rate would be ${pool} per hour.` : rateBounds}
            error={errors.standardRate?.message}
            {...register("standardRate", { valueAsNumber: true, onChange: () => mutation.reset() })}
          />
          {mutation.isError ? <ErrorState title="We couldn't save your rate" error={mutation.error} /> : null}
          {mutation.isSuccess && isLatest ? (
            <ChangeResult
              success={`Standard rate saved: ${formatDollars(mutation.data.availability.standardRate)} per hour.`}
              change={mutation.data}
            />
          ) : null}
          <div>
            <Button type="submit" isLoading={mutation.isPending} loadingText="Saving…">
              Save rate
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
