import { zodResolver } from "@hookform/resolvers/zod";
import { type ResetPasswordRequest, resetPasswordRequest } from "@kerb/shared";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { errorMessage, isApiError } from "@/lib/api-error";
import { type ResetPasswordPayload, useResetPassword } from "../api/reset-password";
import { applyFieldIssues } from "./field-issues";

export function ResetPasswordForm({ token }: { token: string }) {
  const mutation = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordRequest, unknown, ResetPasswordPayload>({
    resolver: zodResolver(resetPasswordRequest),
    defaultValues: { token, password: "", confirmPassword: "" },
  });

  if (mutation.isSuccess) {
    return (
      <div className="flex flex-col gap-5">
        <Alert tone="success" title="Your password has been changed">
          You have been signed out everywhere. Log in with your new password.
        </Alert>
        <ButtonLink to={paths.auth.login()} size="lg" fullWidth>
          Log in
        </ButtonLink>
      </div>
    );
  }

  const linkIsDead =
    (isApiError(mutation.error) && mutation.error.code === "invalid_reset_token") ||
    errors.token !== undefined;

  return (
    <form
      onSubmit={handleSubmit((values) =>
        mutation.mutate(values, {
          onError: (error) => applyFieldIssues(error, setError, ["password", "confirmPassword"]),
        }),
      )}
      noValidate
      className="flex flex-col gap-5"
      aria-label="Choose a new password"
    >
      {linkIsDead ? (
        <Alert tone="error" title="This link no longer works">
          {errors.token?.message ?? errorMessage(mutation.error, "The link is invalid, used or expired.")}{" "}
          <TextLink to={paths.auth.forgotPassword()}>Ask for a new link</TextLink>
        </Alert>
      ) : mutation.isError ? (
        <Alert tone="error" title="We couldn't change your password">
          {errorMessage(mutation.error, "Please try again in a moment.")}
        </Alert>
      ) : null}
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
      <Button type="submit" size="lg" fullWidth isLoading={mutation.isPending} loadingText="Saving…">
        Set new password
      </Button>
    </form>
  );
}
