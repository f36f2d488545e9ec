import type { AuthResponse, LoginRequest } from "@kerb/shared";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { TextLink } from "@/components/ui/text-link";
import { env } from "@/config/env";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-error";
import { lazyResolver } from "@/lib/lazy-resolver";
import { type LoginPayload, useLogin } from "../api/login";
import { DemoAccounts } from "./demo-accounts";

const LOGIN_FALLBACK_MESSAGE = "Invalid email or password";

const loginResolver = lazyResolver<LoginRequest, LoginPayload>(() =>
  import("./login-form-validation").then((m) => m.validateLogin),
);

type LoginFormProps = { onSuccess: (session: AuthResponse) => void };

export function LoginForm({ onSuccess }: LoginFormProps) {
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<LoginRequest, unknown, LoginPayload>({
    resolver: loginResolver,
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit((values) => {
    loginMutation.mutate(values, { onSuccess });
  });

  return (
    <div className="flex flex-col gap-6">
      <form
        onSubmit={onSubmit}
        onFocus={loginResolver.preload}
        noValidate
        className="flex flex-col gap-5"
        aria-label="Log in"
      >
        {loginMutation.isError ? (
          <Alert tone="error" title="We couldn't log you in">
            {errorMessage(loginMutation.error, LOGIN_FALLBACK_MESSAGE)}
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
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <p className="-mt-2 text-sm">
          <TextLink to={paths.auth.forgotPassword()}>Forgot password?</TextLink>
        </p>
        <Button
          type="submit"
          size="lg"
          fullWidth
          isLoading={loginMutation.isPending}
          loadingText="Logging in…"
        >
          Log in
        </Button>
      </form>
      {env.showDemoAccounts ? (
        <DemoAccounts
          onUse={(email, password) => {
            setValue("email", email, { shouldValidate: true });
            setValue("password", password, { shouldValidate: true });
            loginMutation.reset();
          }}
        />
      ) : null}
    </div>
  );
}
