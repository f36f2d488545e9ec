import { lazyResolver } from "@/lib/lazy-resolver";
import type { RegistrationPayload } from "../api/register";

export type RegisterRole = "STUDENT" | "INSTRUCTOR";

/** What the register form holds: plain text for every input, whichever role is chosen. */
export type RegisterFormValues = {
  role: RegisterRole;
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  phone: string;
  // Student
  suburb: string;
  licenseType: string;
  experienceLevel: string;
  // Instructor
  licenseNumber: string;
  vehicleType: string;
  standardRate: string;
  languages: string;
  suburbs: string;
};

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
