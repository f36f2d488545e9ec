import { zodResolver } from "@hookform/resolvers/zod";
import { instructorRegistrationRequest, splitCommaList, studentRegistrationRequest } from "@kerb/shared";
import type { FieldErrors, FieldValues, Resolver, ResolverOptions } from "react-hook-form";
import type { RegistrationPayload } from "../api/register";
import type { RegisterFormValues } from "./register-form-values";

function commonInput(values: RegisterFormValues) {
  return {
    email: values.email,
    password: values.password,
    confirmPassword: values.confirmPassword,
    firstName: values.firstName,
    lastName: values.lastName,
    phone: values.phone,
    acceptTerms: values.acceptTerms,
  };
}

/** Form text → the instructor payload the shared schema validates (comma lists split, rate as a number). */
function toInstructorInput(values: RegisterFormValues) {
  const rate = values.standardRate.trim();
  return {
    ...commonInput(values),
    licenseNumber: values.licenseNumber,
    vehicleType: values.vehicleType,
    // Empty stays undefined so the schema answers "Standard rate is required" rather than a NaN error.
    standardRate: rate === "" ? undefined : Number(rate),
    languages: splitCommaList(values.languages),
    suburbs: splitCommaList(values.suburbs),
  };
}

function toStudentInput(values: RegisterFormValues) {
  return {
    ...commonInput(values),
    suburb: values.suburb,
    licenseType: values.licenseType,
    experienceLevel: values.experienceLevel,
  };
}

const PASSWORD_MISMATCH = "Passwords do not match";

/**
 * The schema checks that the passwords match only once every field is valid (zod runs an object's
 * refinements after its fields), so a student fixing the form would meet this message last, alone.
 * Said with the others at once instead, unless the confirmation already has its own message.
 */
function withPasswordMismatch(errors: FieldErrors, values: RegisterFormValues): FieldErrors {
  if (errors.confirmPassword || values.confirmPassword === "" || values.password === values.confirmPassword) {
    return errors;
  }
  const withMismatch: FieldErrors = { ...errors };
  withMismatch.confirmPassword = { type: "custom", message: PASSWORD_MISMATCH };
  return withMismatch;
}

const studentResolver = zodResolver(studentRegistrationRequest);
const instructorResolver = zodResolver(instructorRegistrationRequest);

type AnyResolver = (
  values: FieldValues,
  context: unknown,
  options: ResolverOptions<FieldValues>,
) => ReturnType<Resolver<FieldValues, unknown, FieldValues>>;

/**
 * Validates with the very schema the API uses for the chosen role, so the form shows the server's
 * messages. The field names of both schemas match the form's, so errors land on the right inputs.
 */
export const validateRegistration: Resolver<RegisterFormValues, unknown, RegistrationPayload> = async (
  values,
  context,
  options,
) => {
  const isInstructor = values.role === "INSTRUCTOR";
  const resolve = (isInstructor ? instructorResolver : studentResolver) as unknown as AnyResolver;
  const input = isInstructor ? toInstructorInput(values) : toStudentInput(values);
  const result = await resolve(input, context, options as unknown as ResolverOptions<FieldValues>);
  if (Object.keys(result.errors).length > 0) {
    return { values: {}, errors: withPasswordMismatch(result.errors, values) };
  }
  return {
    values: { ...(result.values as object), role: values.role } as RegistrationPayload,
    errors: {},
  };
};
