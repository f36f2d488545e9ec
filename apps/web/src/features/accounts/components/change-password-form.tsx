import { zodResolver } from "@hookform/resolvers/zod";
import { type ChangePasswordRequest, changePasswordRequest } from "@kerb/shared";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-error";
import { type ChangePasswordPayload, useChangePassword } from "../api/change-password";
import { applyFieldIssues } from "./field-issues";

const EMPTY = { currentPassword: "", password: "", confirmPassword: "" };

export function ChangePasswordForm() {
  const mutation = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordRequest, unknown, ChangePasswordPayload>({
    resolver: zodResolver(changePasswordRequest),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => reset(EMPTY),
      onError: (error) =>
        applyFieldIssues(error, setError, ["currentPassword", "password", "confirmPassword"]),
    }),
  );

  const fieldError = Object.keys(errors).length > 0;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Change password">
      {mutation.isSuccess ? (
        <Alert tone="success" title="Password changed">
          You stay signed in here; every other device has been signed out.
        </Alert>
      ) : null}
      {mutation.isError && !fieldError ? (
        <Alert tone="error" title="We couldn't change your password">
          {errorMessage(mutation.error, "Please try again in a moment.")}
        </Alert>
      ) : null}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register("confirmPassword")}
        />
      </div>
      <div>
        <Button type="submit" isLoading={mutation.isPending} loadingText="Saving…">
          Change password
        </Button>
      </div>
    </form>
  );
}
