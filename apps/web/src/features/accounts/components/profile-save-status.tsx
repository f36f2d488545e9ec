import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-error";

type ProfileSaveStatusProps = {
  mutation: { isSuccess: boolean; isError: boolean; error: unknown };
  isDirty: boolean;
  /** A refusal the form already shows beside its fields is not said again above them. */
  hasFieldErrors: boolean;
  /** Said after "Your profile has been saved.", e.g. what the save set in motion. */
  savedNote?: ReactNode;
};

/**
 * The outcome of saving a profile (student or instructor), above the form: saved until the next edit,
 * or why it failed when no field says so.
 */
export function ProfileSaveStatus({ mutation, isDirty, hasFieldErrors, savedNote }: ProfileSaveStatusProps) {
  return (
    <>
      {mutation.isSuccess && !isDirty ? (
        <Alert tone="success">
          Your profile has been saved.
          {savedNote}
        </Alert>
      ) : null}
      {mutation.isError && !hasFieldErrors ? (
        <Alert tone="error" title="We couldn't save your profile">
          {errorMessage(mutation.error, "Please try again in a moment.")}
        </Alert>
      ) : null}
    </>
  );
}
