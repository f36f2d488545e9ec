import { zodResolver } from "@hookform/resolvers/zod";
import { type EmailChangeRequest, emailChangeRequest } from "@kerb/shared";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { errorMessage, isApiError } from "@/lib/api-error";
import { type EmailChangePayload, useRequestEmailChange } from "../api/request-email-change";
import { applyFieldIssues } from "./field-issues";

type ChangeEmailFormProps = { currentEmail: string; pendingEmail: string | null };

export function ChangeEmailForm({ currentEmail, pendingEmail }: ChangeEmailFormProps) {
  const mutation = useRequestEmailChange();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<EmailChangeRequest, unknown, EmailChangePayload>({
    resolver: zodResolver(emailChangeRequest),
    defaultValues: { newEmail: "", currentPassword: "" },
  });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => reset({ newEmail: "", currentPassword: "" }),
      onError: (error) => {
        if (isApiError(error) && error.code === "email_taken") {
          setError("newEmail", { type: "server", message: error.message }, { shouldFocus: true });
          return;
        }
        applyFieldIssues(error, setError, ["newEmail", "currentPassword"]);
      },
    }),
  );

  const waitingFor = mutation.data?.pendingEmail ?? pendingEmail;
  const fieldError = Object.keys(errors).length > 0;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Change email">
      <p className="text-slate-700 text-sm">
        You sign in with <strong className="break-all">{currentEmail}</strong>.
      </p>
      {waitingFor ? (
        <Alert tone="info" title="Confirm your new email">
          We sent a link to <strong className="break-all">{waitingFor}</strong>. Your email stays{" "}
          <span className="break-all">{currentEmail}</span> until you follow it.
        </Alert>
      ) : null}
      {mutation.isError && !fieldError ? (
        <Alert tone="error" title="We couldn't start the change">
          {errorMessage(mutation.error, "Please try again in a moment.")}
        </Alert>
      ) : null}
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          error={errors.newEmail?.message}
          {...register("newEmail")}
        />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register("currentPassword")}
        />
      </div>
      <div>
        <Button type="submit" isLoading={mutation.isPending} loadingText="Sending…">
          Send confirmation link
        </Button>
      </div>
    </form>
  );
}
