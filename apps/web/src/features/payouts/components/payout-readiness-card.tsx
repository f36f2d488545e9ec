import type { AdminGstRegistration } from "@kerb/shared";
import { formatAbn } from "@kerb/shared/rules";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { TextField } from "@/components/ui/field";
import { formatIsoDate } from "@/lib/format";
import { useCheckGstRegistration, usePayoutReadiness } from "../api/payout-readiness";

const periodOf = (r: AdminGstRegistration) =>
  r.effectiveTo
    ? `${formatIsoDate(r.effectiveFrom)} until ${formatIsoDate(r.effectiveTo)}`
    : `from ${formatIsoDate(r.effectiveFrom)}`;

/** One unchecked registration: what the instructor said, and the admin's note of what ABN Lookup shows. */
function UncheckedRegistration({ registration }: { registration: AdminGstRegistration }) {
  const check = useCheckGstRegistration();
  const [note, setNote] = useState("");
  const name = `${registration.instructor.firstName} ${registration.instructor.lastName}`;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
      <p className="text-sm">
        <span className="font-semibold text-slate-900">{name}</span>
        {registration.instructor.abn ? ` · ABN ${formatAbn(registration.instructor.abn)}` : " · no ABN"} · GST
        registered {periodOf(registration)} · <span className="font-medium text-amber-800">Not checked</span>
      </p>
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        aria-label={`Check ${name}'s GST registration`}
        onSubmit={(event) => {
          event.preventDefault();
          check.mutate({ id: registration.id, note });
        }}
      >
        <TextField
          className="sm:flex-1"
          label="What the ABN Lookup shows"
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <Button type="submit" variant="outline" isLoading={check.isPending} loadingText="Saving…">
          Mark checked
        </Button>
      </form>
      {check.isError ? <ErrorState title="The check was not saved" error={check.error} /> : null}
    </li>
  );
}

/**
 * What an admin looks at before a payout run: GST registrations nobody has checked against the ABN Lookup
 * (they decide the GST Kerb pays and claims back), and instructors who will not be paid because they have
 * not accepted the RCTI agreement.
 */
export function PayoutReadinessCard() {
  const readiness = usePayoutReadiness();
  const data = readiness.data;
  if (readiness.isError) {
    return <ErrorState title="We couldn't load the checks before a run" error={readiness.error} />;
  }
  if (!data) return null;
  const { uncheckedGstRegistrations: unchecked, waitingForAgreement: waiting } = data;
  if (unchecked.length === 0 && waiting.length === 0) return null;
  return (
    <section aria-label="Before you run payouts" className="flex flex-col gap-3">
      {unchecked.length > 0 ? (
        <div className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm">
          <h3 className="font-semibold text-amber-900">GST registrations to check ({unchecked.length})</h3>
          <p>Check each against the ABN Lookup before paying GST on it, and note what it shows.</p>
          <ul className="flex flex-col gap-2">
            {unchecked.map((registration) => (
              <UncheckedRegistration key={registration.id} registration={registration} />
            ))}
          </ul>
        </div>
      ) : null}
      {waiting.length > 0 ? (
        <Alert tone="info" title={`Waiting for the RCTI agreement (${waiting.length})`}>
          These instructors have earnings but have not accepted the current recipient-created tax invoice
          agreement, so a run will not pay them; they are asked on their earnings page:{" "}
          {waiting.map((w) => `${w.firstName} ${w.lastName}`).join(", ")}.
        </Alert>
      ) : null}
    </section>
  );
}
