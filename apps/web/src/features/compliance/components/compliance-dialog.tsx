import type { AdminInstructor, InstructorComplianceRequest } from "@kerb/shared";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { TextField } from "@/components/ui/field";
import { useUpdateInstructorCompliance } from "../api/update-instructor-compliance";

type ComplianceDialogProps = {
  instructor: AdminInstructor | null;
  onClose: () => void;
  onSaved: (message: string) => void;
};

/** Licence and WWC expiry dates. An expired date hides the instructor from students; empty clears it. */
export function ComplianceDialog({ instructor, onClose, onSaved }: ComplianceDialogProps) {
  const mutation = useUpdateInstructorCompliance();
  const [licenseExpiresOn, setLicenseExpiresOn] = useState("");
  const [wwcExpiresOn, setWwcExpiresOn] = useState("");
  const [nothingChanged, setNothingChanged] = useState(false);

  useEffect(() => {
    setLicenseExpiresOn(instructor?.licenseExpiresOn ?? "");
    setWwcExpiresOn(instructor?.wwcExpiresOn ?? "");
    setNothingChanged(false);
  }, [instructor]);

  const close = () => {
    mutation.reset();
    onClose();
  };

  const submit = () => {
    if (!instructor) return;
    const patch: InstructorComplianceRequest = {};
    if (licenseExpiresOn !== (instructor.licenseExpiresOn ?? ""))
      patch.licenseExpiresOn = licenseExpiresOn || null;
    if (wwcExpiresOn !== (instructor.wwcExpiresOn ?? "")) patch.wwcExpiresOn = wwcExpiresOn || null;
    if (patch.licenseExpiresOn === undefined && patch.wwcExpiresOn === undefined) {
      setNothingChanged(true);
      return;
    }
    mutation.mutate(
      { id: instructor.id, ...patch },
      {
        onSuccess: ({ instructor: updated }) => {
          onSaved(
            `Compliance dates saved for ${updated.firstName} ${updated.lastName}.${
              updated.compliance.isListed ? "" : " They are not listed for students."
            }`,
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
      title={`Compliance dates for ${name}`}
      description="An expired licence or Working with Children Check hides the instructor from students. Leave a date empty to clear it."
      confirmLabel="Save dates"
      pendingLabel="Saving…"
      onConfirm={submit}
      isPending={mutation.isPending}
      kind="form"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Licence expiry"
          type="date"
          value={licenseExpiresOn}
          onChange={(event) => {
            setLicenseExpiresOn(event.target.value);
            setNothingChanged(false);
          }}
        />
        <TextField
          label="WWC check expiry"
          hint="Working with Children Check"
          type="date"
          value={wwcExpiresOn}
          onChange={(event) => {
            setWwcExpiresOn(event.target.value);
            setNothingChanged(false);
          }}
        />
      </div>
      {nothingChanged ? <Alert tone="info">Nothing has changed yet: edit a date, or cancel.</Alert> : null}
      {mutation.isError ? <ErrorState title="We couldn't save these dates" error={mutation.error} /> : null}
    </ConfirmDialog>
  );
}
