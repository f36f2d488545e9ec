import { zodResolver } from "@hookform/resolvers/zod";
import {
  type StudentAccount,
  type StudentProfileUpdateRequest,
  studentProfileUpdateRequest,
} from "@kerb/shared";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { type StudentProfilePayload, useUpdateStudentProfile } from "../api/update-student-profile";
import { applyFieldIssues } from "./field-issues";
import { licenseTypeOptions, suburbOptions } from "./profile-form-options";
import { ProfileSaveStatus } from "./profile-save-status";

type FormValues = { firstName: string; lastName: string; phone: string; suburb: string; licenseType: string };

// Every input holds text; the shared schema (the API's own) decides what is valid and says why.
const formSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    suburb: z.string(),
    licenseType: z.string(),
  })
  .transform(
    (v): StudentProfileUpdateRequest => ({
      ...v,
      licenseType: v.licenseType as StudentProfileUpdateRequest["licenseType"],
    }),
  )
  .pipe(studentProfileUpdateRequest);

const FIELDS = ["firstName", "lastName", "phone", "suburb", "licenseType"] as const;

function formValues(account: StudentAccount): FormValues {
  return {
    firstName: account.firstName,
    lastName: account.lastName,
    phone: account.phone ?? "",
    suburb: account.suburb ?? "",
    licenseType: account.licenseType ?? "",
  };
}

export function StudentProfileForm({ account }: { account: StudentAccount }) {
  const mutation = useUpdateStudentProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
    reset,
  } = useForm<FormValues, unknown, StudentProfilePayload>({
    resolver: zodResolver(formSchema),
    defaultValues: formValues(account),
  });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (saved) => reset(formValues(saved)),
      onError: (error) => applyFieldIssues(error, setError, FIELDS),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Profile">
      <ProfileSaveStatus
        mutation={mutation}
        isDirty={isDirty}
        hasFieldErrors={Object.keys(errors).length > 0}
      />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register("firstName")}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register("lastName")}
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
          label="Suburb"
          placeholder="Select your suburb"
          options={suburbOptions}
          error={errors.suburb?.message}
          {...register("suburb")}
        />
        <SelectField
          label="License type"
          placeholder="Select license type"
          options={licenseTypeOptions}
          error={errors.licenseType?.message}
          {...register("licenseType")}
        />
      </div>
      <div>
        <Button type="submit" isLoading={mutation.isPending} loadingText="Saving…">
          Save profile
        </Button>
      </div>
    </form>
  );
}
