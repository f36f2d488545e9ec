import { lazyResolver } from "@/lib/lazy-resolver";
import type { RegistrationPayload } from "../api/register";
import type { RegisterFormValues, RegisterRole } from "./register-form-values";

export const STUDENT_ONLY_FIELDS = ["suburb", "licenseType", "experienceLevel"] as const;
export const INSTRUCTOR_ONLY_FIELDS = [
  "licenseNumber",
  "vehicleType",
  "standardRate",
  "languages",
  "suburbs",
] as const;

export const emptyRegisterForm = (role: RegisterRole): RegisterFormValues => ({
  role,
  email: "",
  password: "",
  confirmPassword: "",
  firstName: "",
  lastName: "",
  phone: "",
  acceptTerms: false,
  suburb: "",
  licenseType: "",
  experienceLevel: "",
  licenseNumber: "",
  vehicleType: "",
  standardRate: "",
  languages: "",
  suburbs: "",
});

/**
 * Validates with the very schema the API uses for the chosen role (register-form-validation.ts), loaded
 * on first use so zod stays off the page's first load.
 */
export const registerResolver = lazyResolver<RegisterFormValues, RegistrationPayload>(() =>
  import("./register-form-validation").then((m) => m.validateRegistration),
);
