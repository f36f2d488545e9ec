import { zodResolver } from "@hookform/resolvers/zod";
import {
  type GuardianRegistrationRequest,
  guardianRegistrationRequest,
  MIN_PASSWORD_LENGTH,
} from "@kerb/shared";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { AcceptTermsCheckbox } from "@/features/privacy";
import { errorMessage, isApiError } from "@/lib/api-error";
import {
  type GuardianRegistrationPayload,
  useAcceptGuardianInvitation,
} from "../api/accept-guardian-invitation";

const FIELDS = ["firstName", "lastName", "password", "confirmPassword", "acceptTerms"] as const;

/**
 * A new guardian account for the invited address: names and a password (the email is the invitation's
 * and cannot be changed). Signs in and follows the learner; `onAccepted` decides where to go next.
 */
export function AcceptInvitationForm({
  token,
  email,
  onAccepted,
  onGone,
}: {
  token: string;
  email: string;
  onAccepted: () => void;
  /** The invitation was used, withdrawn or lapsed meanwhile (404). */
  onGone: () => void;
}) {
  const mutation = useAcceptGuardianInvitation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<GuardianRegistrationRequest, unknown, GuardianRegistrationPayload>({
    resolver: zodResolver(guardianRegistrationRequest),
    defaultValues: { token, firstName: "", lastName: "", password: "", confirmPassword: "" },
  });

  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: onAccepted,
      onError: (error) => {
        if (!isApiError(error)) return;
        if (error.status === 404) {
          onGone();
          return;
        }
        let placed = false;
        for (const issue of error.fieldIssues) {
          const field = FIELDS.find((f) => f === issue.path);
          if (!field) continue;
          setError(field, { type: "server", message: issue.message }, { shouldFocus: !placed });
          placed = true;
        }
      },
    }),
  );

  const taken = isApiError(mutation.error) && mutation.error.code === "email_taken" ? mutation.error : null;
  const hasFieldErrors = Object.keys(errors).length > 0;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Create your guardian account"
      className="flex flex-col gap-5"
    >
      {taken ? (
        <Alert tone="error" title="You already have an account">
          {taken.message}{" "}
          <TextLink to={paths.auth.login({ returnTo: paths.guardian.accept({ token }) })}>Log in</TextLink>
        </Alert>
      ) : mutation.isError && !hasFieldErrors ? (
        <Alert tone="error" title="We couldn't create your account">
          {errorMessage(mutation.error, "Please try again in a moment.")}
        </Alert>
      ) : null}
      <TextField
        label="Email"
        type="email"
        value={email}
        readOnly
        hint="The invitation's address: you log in with it."
        className="[&_input]:bg-slate-50"
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
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
      </div>
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
        error={errors.password?.message}
        {...register("password")}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <AcceptTermsCheckbox registration={register("acceptTerms")} error={errors.acceptTerms?.message} />
      <Button type="submit" fullWidth isLoading={mutation.isPending} loadingText="Creating your account…">
        Create account and accept
      </Button>
    </form>
  );
}
