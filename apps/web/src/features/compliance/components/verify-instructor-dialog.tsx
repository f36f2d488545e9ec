import { type AdminInstructor, instructorWwcNumber } from "@kerb/shared";
import { addDaysToDate, sydneyTodayDate, verificationDateProblems } from "@kerb/shared/rules";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import { useEffect, useId, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { TextField } from "@/components/ui/field";
import { useVerifyInstructor } from "../api/verify-instructor";

type VerifyInstructorDialogProps = {
  instructor: AdminInstructor | null;
  onClose: () => void;
  onVerified: (message: string) => void;
};

type Errors = { checked?: string; licenseExpiresOn?: string; wwcExpiresOn?: string; wwcNumber?: string };

// The API's rule for the number (WWC + 7 digits + E); it answers the stored form, WWC1234567E.
const wwcNumberField = instructorWwcNumber("Enter the Working With Children Check number");

/**
 * Verification lists the instructor for students. The admin must tick that the licence number was
 * checked and confirm both expiry dates (prefilled with any on record), each after today: the listing
 * rule needs both (rules/instructor-listing.ts, the same check the API makes).
 */
export function VerifyInstructorDialog({ instructor, onClose, onVerified }: VerifyInstructorDialogProps) {
  const mutation = useVerifyInstructor();
  const today = sydneyTodayDate(new Date());
  const [checked, setChecked] = useState(false);
  const [licenseExpiresOn, setLicenseExpiresOn] = useState("");
  const [wwcExpiresOn, setWwcExpiresOn] = useState("");
  const [wwcNumber, setWwcNumber] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const checkboxId = useId();
  const checkboxErrorId = useId();
  // Dates already on record are the starting point: the admin confirms them against the documents.
  useEffect(() => {
    setLicenseExpiresOn(instructor?.licenseExpiresOn ?? "");
    setWwcExpiresOn(instructor?.wwcExpiresOn ?? "");
    setWwcNumber(instructor?.wwcNumber ?? "");
  }, [instructor]);

  const close = () => {
    setChecked(false);
    setLicenseExpiresOn("");
    setWwcExpiresOn("");
    setWwcNumber("");
    setErrors({});
    mutation.reset();
    onClose();
  };

  const submit = () => {
    if (!instructor) return;
    const next: Errors = {};
    if (!checked) next.checked = "Confirm that you have checked the licence number";
    for (const problem of verificationDateProblems({ licenseExpiresOn, wwcExpiresOn }, today)) {
      next[problem.path] = problem.message;
    }
    const wwc = wwcNumberField.safeParse(wwcNumber);
    if (!wwc.success) next.wwcNumber = wwc.error.issues[0]?.message;
    setErrors(next);
    if (Object.keys(next).length > 0 || !wwc.success) return;
    mutation.mutate(
      {
        id: instructor.id,
        licenseNumberChecked: true,
        licenseExpiresOn,
        wwcExpiresOn,
        wwcNumber: wwc.data,
      },
      {
        onSuccess: ({ instructor: verified }) => {
          onVerified(
            `${verified.firstName} ${verified.lastName} is verified and can now be booked by students.`,
          );
          close();
        },
      },
    );
  };

  const name = instructor ? `${instructor.firstName} ${instructor.lastName}` : "";
  return (
    <ConfirmDialog
      isOpen={instructor !== null}
      onOpenChange={(open) => !open && close()}
      title={`Verify ${name}`}
      description="Verified instructors with both documents current appear in search results and can be booked. They are emailed when you verify them."
      confirmLabel="Verify instructor"
      pendingLabel="Verifying…"
      onConfirm={submit}
      isPending={mutation.isPending}
      kind="form"
    >
      {instructor ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-slate-50 p-4 text-sm">
          <dt className="text-slate-600">Licence number</dt>
          <dd className="font-mono font-semibold text-slate-900">{instructor.licenseNumber}</dd>
          <dt className="text-slate-600">WWC number</dt>
          <dd className="font-mono font-semibold text-slate-900">
            {instructor.wwcNumber ?? <span className="font-sans font-normal text-red-700">not given</span>}
          </dd>
          <dt className="text-slate-600">Email</dt>
          <dd className="break-all text-slate-900">{instructor.email}</dd>
          <dt className="text-slate-600">Phone</dt>
          <dd className="text-slate-900">{instructor.phone ?? "—"}</dd>
        </dl>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <div className="flex items-start gap-3">
          <input
            id={checkboxId}
            type="checkbox"
            checked={checked}
            onChange={(event) => {
              setChecked(event.target.checked);
              if (event.target.checked) setErrors((e) => ({ ...e, checked: undefined }));
            }}
            aria-invalid={errors.checked ? true : undefined}
            aria-describedby={errors.checked ? checkboxErrorId : undefined}
            className="mt-0.5 size-5 shrink-0 accent-brand-600"
          />
          <label htmlFor={checkboxId} className="font-medium text-slate-900">
            I have checked the licence number
          </label>
        </div>
        {errors.checked ? (
          <p id={checkboxErrorId} className="flex items-start gap-1.5 font-medium text-red-700 text-sm">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {errors.checked}
          </p>
        ) : null}
      </div>
      <TextField
        label="WWC number"
        hint="As checked with the Office of the Children's Guardian: an employee check, WWC1234567E."
        autoComplete="off"
        spellCheck={false}
        required
        value={wwcNumber}
        error={errors.wwcNumber}
        onChange={(event) => setWwcNumber(event.target.value)}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Licence expiry"
          type="date"
          required
          min={addDaysToDate(today, 1)}
          value={licenseExpiresOn}
          error={errors.licenseExpiresOn}
          onChange={(event) => setLicenseExpiresOn(event.target.value)}
        />
        <TextField
          label="WWC check expiry"
          hint="Working with Children Check"
          type="date"
          required
          min={addDaysToDate(today, 1)}
          value={wwcExpiresOn}
          error={errors.wwcExpiresOn}
          onChange={(event) => setWwcExpiresOn(event.target.value)}
        />
      </div>
      {mutation.isError ? (
        <ErrorState title="We couldn't verify this instructor" error={mutation.error} />
      ) : null}
    </ConfirmDialog>
  );
}
