// The register form's values, out of register-form-schema.ts so that the validation it loads lazily
// (register-form-validation.ts) can name them without importing it back.

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
  /** The terms of use and privacy policy (and the instructor agreement): a checkbox. */
  acceptTerms: boolean;
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
