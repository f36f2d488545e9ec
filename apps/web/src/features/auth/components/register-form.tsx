import {
  type AuthResponse,
  EXPERIENCE_LEVELS,
  LICENSE_TYPES,
  MAX_STANDARD_RATE_DOLLARS,
  MIN_STANDARD_RATE_DOLLARS,
  SUBURBS,
  VEHICLE_TYPES,
} from "@kerb/shared";
import {
  experienceLevelLabels,
  licenseTypeLabels,
  POOL_DISCOUNT,
  vehicleTypeLabels,
} from "@kerb/shared/words";
import Car from "lucide-react/icons/car";
import GraduationCap from "lucide-react/icons/graduation-cap";
import { type ReactNode, useEffect } from "react";
import { Controller, type FieldPath, get, useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { RadioCards } from "@/components/ui/radio-cards";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";
import { AcceptTermsCheckbox } from "@/features/privacy";
import { errorMessage, isApiError } from "@/lib/api-error";
import { useRegister } from "../api/register";
import {
  emptyRegisterForm,
  INSTRUCTOR_ONLY_FIELDS,
  registerResolver,
  STUDENT_ONLY_FIELDS,
} from "./register-form-schema";
import type { RegisterFormValues, RegisterRole } from "./register-form-values";

const REGISTER_FALLBACK_MESSAGE = "Registration failed";

const suburbOptions = SUBURBS.map((s) => ({ value: s, label: s }));
const licenseTypeOptions = LICENSE_TYPES.map((v) => ({ value: v, label: licenseTypeLabels[v] }));
const experienceOptions = EXPERIENCE_LEVELS.map((v) => ({ value: v, label: experienceLevelLabels[v] }));
const vehicleOptions = VEHICLE_TYPES.map((v) => ({ value: v, label: vehicleTypeLabels[v] }));

const roleOptions = [
  {
    value: "STUDENT" as const,
    label: "Student",
    description: "I want to learn to drive",
    icon: <GraduationCap className="size-4 text-brand-700" aria-hidden="true" />,
  },
  {
    value: "INSTRUCTOR" as const,
    label: "Instructor",
    description: "I want to teach lessons",
    icon: <Car className="size-4 text-brand-700" aria-hidden="true" />,
  },
];

/** The first message under a field; list fields (suburbs.0) nest theirs one level down. */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  if ("message" in error && typeof error.message === "string" && error.message) return error.message;
  for (const value of Object.values(error)) {
    const message = messageOf(value);
    if (message) return message;
  }
  return undefined;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-4 font-semibold text-base text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

type RegisterFormProps = {
  /** The role the page asks for (from ?role=); the toggle reports changes through onRoleChange. */
  role: RegisterRole;
  onRoleChange?: (role: RegisterRole) => void;
  onSuccess: (session: AuthResponse) => void;
};

export function RegisterForm({ role: requestedRole, onRoleChange, onSuccess }: RegisterFormProps) {
  const registerMutation = useRegister();
  const {
    register,
    control,
    handleSubmit,
    watch,
    setError,
    setValue,
    getValues,
    clearErrors,
    formState: { errors },
  } = useForm<RegisterFormValues, unknown, Parameters<typeof registerMutation.mutate>[0]>({
    resolver: registerResolver,
    defaultValues: emptyRegisterForm(requestedRole),
  });
  const role = watch("role");

  // Following a link to /register?role=… while already on the page switches the toggle, keeping what
  // was typed in the shared fields.
  useEffect(() => {
    if (getValues("role") !== requestedRole) setValue("role", requestedRole);
  }, [requestedRole, getValues, setValue]);
  const isInstructor = role === "INSTRUCTOR";
  const errorFor = (name: FieldPath<RegisterFormValues>) => messageOf(get(errors, name));

  const onSubmit = handleSubmit((payload) => {
    registerMutation.mutate(payload, {
      onSuccess,
      onError: (error) => {
        // Field-level answers from the API (400 validation_error) go next to their inputs as well.
        if (!isApiError(error)) return;
        for (const issue of error.fieldIssues) {
          const name = issue.path.split(".")[0] as FieldPath<RegisterFormValues>;
          if (name && name in emptyRegisterForm(role))
            setError(name, { type: "server", message: issue.message });
        }
      },
    });
  });

  return (
    <form
      onSubmit={onSubmit}
      onFocus={registerResolver.preload}
      noValidate
      className="flex flex-col gap-8"
      aria-label="Create your account"
    >
      <Controller
        control={control}
        name="role"
        render={({ field }) => (
          <RadioCards
            label="I'm joining Kerb as a"
            value={field.value}
            onChange={(next) => {
              field.onChange(next);
              // Errors of the other role's fields would be stale (and hidden) after switching.
              clearErrors([...(next === "INSTRUCTOR" ? STUDENT_ONLY_FIELDS : INSTRUCTOR_ONLY_FIELDS)]);
              registerMutation.reset();
              onRoleChange?.(next);
            }}
            options={roleOptions}
          />
        )}
      />

      <Section title="Your details">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            error={errorFor("firstName")}
            {...register("firstName")}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={errorFor("lastName")}
            {...register("lastName")}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          error={errorFor("email")}
          {...register("email")}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="04xx xxx xxx"
          error={errorFor("phone")}
          {...register("phone")}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="At least 4 characters"
            error={errorFor("password")}
            {...register("password")}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            error={errorFor("confirmPassword")}
            {...register("confirmPassword")}
          />
        </div>
      </Section>

      {isInstructor ? (
        <Section title="Your teaching">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              label="License number"
              autoComplete="off"
              spellCheck={false}
              error={errorFor("licenseNumber")}
              {...register("licenseNumber")}
            />
            <SelectField
              label="Vehicle type"
              placeholder="Select vehicle type"
              options={vehicleOptions}
              error={errorFor("vehicleType")}
              {...register("vehicleType")}
            />
          </div>
          <TextField
            label="Standard rate (AUD per hour)"
            type="number"
            inputMode="decimal"
            min={30}
            max={200}
            step="any"
            placeholder="e.g. 75"
            hint={`Between $${MIN_STANDARD_RATE_DOLLARS} and $${MAX_STANDARD_RATE_DOLLARS}. Pool hours are offered at ${POOL_DISCOUNT} less.`}
            error={errorFor("standardRate")}
            {...register("standardRate")}
          />
          <TextField
            label="Languages"
            placeholder="English, Mandarin"
            hint="Separate languages with commas."
            error={errorFor("languages")}
            {...register("languages")}
          />
          <TextField
            label="Suburbs you cover"
            placeholder="Parramatta, Blacktown"
            hint={`Separate suburbs with commas. We serve ${SUBURBS.join(", ")}.`}
            error={errorFor("suburbs")}
            {...register("suburbs")}
          />
        </Section>
      ) : (
        <Section title="About your driving">
          <SelectField
            label="Suburb"
            placeholder="Select your suburb"
            options={suburbOptions}
            error={errorFor("suburb")}
            {...register("suburb")}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <SelectField
              label="License type"
              placeholder="Select license type"
              options={licenseTypeOptions}
              error={errorFor("licenseType")}
              {...register("licenseType")}
            />
            <SelectField
              label="Experience level"
              placeholder="Select experience level"
              options={experienceOptions}
              error={errorFor("experienceLevel")}
              {...register("experienceLevel")}
            />
          </div>
        </Section>
      )}

      <AcceptTermsCheckbox
        registration={register("acceptTerms")}
        error={errorFor("acceptTerms")}
        withInstructorAgreement={isInstructor}
      />

      {registerMutation.isError ? (
        <Alert
          tone="error"
          title="We couldn't create your account"
          action={
            isApiError(registerMutation.error) && registerMutation.error.code === "email_taken" ? (
              <TextLink to={paths.auth.login()}>Log in instead</TextLink>
            ) : undefined
          }
        >
          {errorMessage(registerMutation.error, REGISTER_FALLBACK_MESSAGE)}
        </Alert>
      ) : null}

      <Button
        type="submit"
        size="lg"
        fullWidth
        isLoading={registerMutation.isPending}
        loadingText="Creating your account…"
      >
        {isInstructor ? "Create instructor account" : "Create student account"}
      </Button>
    </form>
  );
}
