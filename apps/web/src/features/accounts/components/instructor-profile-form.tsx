import { zodResolver } from "@hookform/resolvers/zod";
import {
  BIO_MAX_LENGTH,
  type InstructorAccount,
  type InstructorProfileUpdateRequest,
  instructorProfileUpdateRequest,
  splitCommaList,
} from "@kerb/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, SelectField, TextField, textareaClasses } from "@/components/ui/field";
import { cn } from "@/lib/cn";
import { type InstructorProfilePayload, useUpdateInstructorProfile } from "../api/update-instructor-profile";
import { applyFieldIssues } from "./field-issues";
import { genderOptions, vehicleOptions } from "./profile-form-options";
import { ProfileSaveStatus } from "./profile-save-status";

type FormValues = {
  bio: string;
  languages: string;
  vehicleType: string;
  phone: string;
  gender: string;
  licenseNumber: string;
  wwcNumber: string;
};

type Update = InstructorProfileUpdateRequest;
// Form text → the payload the shared schema validates: the language list split on commas, "" gender unset.
const formSchema = z
  .object({
    bio: z.string(),
    languages: z.string(),
    vehicleType: z.string(),
    phone: z.string(),
    gender: z.string(),
    licenseNumber: z.string(),
    wwcNumber: z.string(),
  })
  .transform(
    ({ wwcNumber, ...v }): Update => ({
      ...v,
      languages: splitCommaList(v.languages),
      vehicleType: v.vehicleType as Update["vehicleType"],
      gender: (v.gender === "" ? null : v.gender) as Update["gender"],
      // Not on record yet and left empty: nothing to send (a number, once given, cannot be removed).
      ...(wwcNumber.trim() === "" ? {} : { wwcNumber }),
    }),
  )
  .pipe(instructorProfileUpdateRequest);

const FIELDS = ["bio", "languages", "vehicleType", "phone", "gender", "licenseNumber", "wwcNumber"] as const;

/**
 * Does saving these values send the instructor back to verification? The API does so for a new licence
 * number, and for a WWC number replacing one on record (a first one is simply recorded). The values
 * are the parsed payload, so "1234 5678" is the same licence as "12345678".
 */
function needsReverification(account: InstructorAccount, values: InstructorProfilePayload): boolean {
  const licence = values.licenseNumber !== undefined && values.licenseNumber !== account.licenseNumber;
  const wwc =
    values.wwcNumber !== undefined && account.wwcNumber !== null && values.wwcNumber !== account.wwcNumber;
  return licence || wwc;
}

function formValues(account: InstructorAccount): FormValues {
  return {
    bio: account.bio ?? "",
    languages: account.languages.join(", "),
    vehicleType: account.vehicleType,
    phone: account.phone ?? "",
    gender: account.gender ?? "",
    licenseNumber: account.licenseNumber,
    wwcNumber: account.wwcNumber ?? "",
  };
}

export function InstructorProfileForm({ account }: { account: InstructorAccount }) {
  const mutation = useUpdateInstructorProfile();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isDirty },
  } = useForm<FormValues, unknown, InstructorProfilePayload>({
    resolver: zodResolver(formSchema),
    defaultValues: formValues(account),
  });

  const licenceEdited = watch("licenseNumber").trim() !== account.licenseNumber;
  // Values waiting for the instructor to confirm that they go back to verification.
  const [toConfirm, setToConfirm] = useState<InstructorProfilePayload | null>(null);
  const save = (values: InstructorProfilePayload) =>
    mutation.mutate(values, {
      onSuccess: (saved) => {
        setToConfirm(null);
        reset(formValues(saved));
      },
      onError: (error) => {
        setToConfirm(null);
        applyFieldIssues(error, setError, FIELDS);
      },
    });
  const onSubmit = handleSubmit((values) =>
    account.verificationStatus === "VERIFIED" && needsReverification(account, values)
      ? setToConfirm(values)
      : save(values),
  );

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Profile">
        <ProfileSaveStatus
          mutation={mutation}
          isDirty={isDirty}
          hasFieldErrors={Object.keys(errors).length > 0}
          savedNote={
            mutation.data?.verificationStatus === "PENDING"
              ? " Your licence is waiting for verification: students will see you again once an admin has checked it."
              : null
          }
        />
        <Field
          label="Bio"
          hint={`What students should know about your teaching (up to ${BIO_MAX_LENGTH} characters).`}
          error={errors.bio?.message}
        >
          {(control) => (
            <textarea
              rows={4}
              maxLength={BIO_MAX_LENGTH}
              className={cn(textareaClasses, "hover:border-slate-400", "aria-[invalid=true]:border-red-600")}
              {...register("bio")}
              {...control}
            />
          )}
        </Field>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField
            label="Languages"
            hint="Separate languages with commas"
            error={errors.languages?.message}
            {...register("languages")}
          />
          <SelectField
            label="Vehicle type"
            options={vehicleOptions}
            error={errors.vehicleType?.message}
            {...register("vehicleType")}
          />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            error={errors.phone?.message}
            {...register("phone")}
          />
          <SelectField
            label="Gender"
            placeholder="Prefer not to say"
            options={genderOptions}
            error={errors.gender?.message}
            {...register("gender")}
          />
          <TextField
            label="License number"
            autoComplete="off"
            spellCheck={false}
            hint={
              licenceEdited
                ? "A new licence number must be verified again: you will not be listed to students until an admin has checked it."
                : undefined
            }
            error={errors.licenseNumber?.message}
            {...register("licenseNumber")}
          />
          <TextField
            label="Working With Children Check number"
            autoComplete="off"
            spellCheck={false}
            placeholder="WWC1234567E"
            hint="Your NSW employee check, as on your OCG letter: WWC, 7 digits and E."
            error={errors.wwcNumber?.message}
            {...register("wwcNumber")}
          />
        </div>
        <div>
          <Button type="submit" isLoading={mutation.isPending} loadingText="Saving…">
            Save profile
          </Button>
        </div>
      </form>
      {/* Outside the form: a submit inside the dialog must not bubble (through the portal) to the form. */}
      <ConfirmDialog
        isOpen={toConfirm !== null}
        onOpenChange={(open) => !open && !mutation.isPending && setToConfirm(null)}
        title="Send your details for verification again?"
        confirmLabel="Save and send for verification"
        pendingLabel="Saving…"
        onConfirm={() => toConfirm && save(toConfirm)}
        isPending={mutation.isPending}
      >
        <p>
          A new licence or Working With Children Check number has to be checked by Kerb before you teach
          again. Until then you are not listed: students can't find you or book new lessons.
        </p>
        <p>
          Students with lessons booked with you are emailed that their lesson may not go ahead, and that they
          can cancel it for a full refund.
        </p>
      </ConfirmDialog>
    </>
  );
}
