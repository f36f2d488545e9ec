import { zodResolver } from "@hookform/resolvers/zod";
import { type ForgotPasswordRequest, forgotPasswordRequest } from "@kerb/shared";
import { PASSWORD_RESET_TTL_MINUTES } from "@kerb/shared/rules";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { errorMessage } from "@/lib/api-error";
import { type ForgotPasswordPayload, useForgotPassword } from "../api/forgot-password";

export function ForgotPasswordForm() {
  const mutation = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordRequest, unknown, ForgotPasswordPayload>({
    resolver: zodResolver(forgotPasswordRequest),
    defaultValues: { email: "" },
  });

  if (mutation.isSuccess) {
    return (
      <Alert tone="success" title="Check your inbox">
        If an account exists for <strong>{mutation.variables.email}</strong>, we've sent it a link to choose a
        new password. The link works once, for {PASSWORD_RESET_TTL_MINUTES / 60} hour.
      </Alert>
    );
  }

  return (
    <form
      onSubmit={handleSubmit((values) => mutation.mutate(values))}
      noValidate
      className="flex flex-col gap-5"
      aria-label="Reset your password"
    >
      {mutation.isError ? (
        <Alert tone="error" title="We couldn't send the email">
          {errorMessage(mutation.error, "Please try again in a moment.")}
        </Alert>
      ) : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        error={errors.email?.message}
        {...register("email")}
      />
      <Button type="submit" size="lg" fullWidth isLoading={mutation.isPending} loadingText="Sending…">
        Send reset link
      </Button>
    </form>
  );
}
