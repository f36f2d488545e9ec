import { z } from "zod";
import { EXPERIENCE_LEVELS, LICENSE_TYPES, MIN_PASSWORD_LENGTH, ROLES, VEHICLE_TYPES } from "../constants.ts";
import { LEGAL_DOCUMENTS } from "../words/legal-documents.ts";
import { safeText } from "./common.ts";
import {
  auPhone,
  instructorLicenceNumber,
  instructorWwcNumber,
  standardRateDollars,
  suburbName,
} from "./fields.ts";

// The messages below are the spec's (§5): the web forms and the API answer with the same text.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ACCEPT_TERMS_REQUIRED = "Please accept the terms of use and privacy policy";

const requiredString = (message: string) => safeText({ error: message }).trim().min(1, message);

export const email = safeText({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .regex(EMAIL_PATTERN, "Invalid email address")
  .transform((v) => v.toLowerCase());

export const loginRequest = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
});
export type LoginRequest = z.input<typeof loginRequest>;

const registrationBase = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(200, "Password is too long"),
  confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
  firstName: requiredString("First name is required").pipe(z.string().max(80)),
  lastName: requiredString("Last name is required").pipe(z.string().max(80)),
  /** Stored as "0412 345 678" / "02 9876 5432" whatever was typed (rules/contact-formats.ts). */
  phone: auPhone("Phone is required"),
  /** The terms of use and privacy policy (and, for an instructor, the instructor agreement) in force. */
  acceptTerms: z.literal(true, { error: ACCEPT_TERMS_REQUIRED }),
});

const passwordsMatch = {
  check: (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword,
  params: {
    message: "Passwords do not match",
    path: ["confirmPassword"],
    // Checked even while another field (the terms box, a name) is still wrong, so the form says all
    // that is wrong at once rather than one thing per submit; only the two passwords must be text.
    when: ({ value }: { value: unknown }) => {
      if (typeof value !== "object" || value === null) return false;
      const v = value as { password?: unknown; confirmPassword?: unknown };
      return typeof v.password === "string" && typeof v.confirmPassword === "string";
    },
  },
};

/**
 * POST /api/guardian/invitations/accept without a session: the invited parent or guardian creates their
 * account (the email is the invitation's; a phone is not needed) and accepts the terms and privacy
 * policy as every other sign-up does. A GUARDIAN account comes only this way.
 */
export const guardianRegistrationRequest = registrationBase
  .omit({ email: true, phone: true })
  .extend({ token: z.string().min(20).max(200) })
  .refine(passwordsMatch.check, passwordsMatch.params);
export type GuardianRegistrationRequest = z.input<typeof guardianRegistrationRequest>;

export const studentRegistrationRequest = registrationBase
  .extend({
    role: z.literal("STUDENT").optional(),
    suburb: suburbName(),
    licenseType: z.enum(LICENSE_TYPES, { error: "License type is required" }),
    experienceLevel: z.enum(EXPERIENCE_LEVELS, { error: "Experience level is required" }),
  })
  .refine(passwordsMatch.check, passwordsMatch.params);
export type StudentRegistrationRequest = z.input<typeof studentRegistrationRequest>;

const stringList = (message: string) =>
  z
    .array(safeText().trim().max(60), { error: message })
    .transform((items) => items.filter((s) => s.length > 0))
    .pipe(z.array(z.string()).min(1, message).max(20));

export const instructorRegistrationRequest = registrationBase
  .extend({
    role: z.literal("INSTRUCTOR").optional(),
    licenseNumber: instructorLicenceNumber("License number is required"),
    /** Optional at sign-up (it can follow in the profile); the admin needs it before verifying. */
    wwcNumber: z
      .preprocess((v) => (v === "" || v === null ? undefined : v), instructorWwcNumber().optional())
      .optional(),
    vehicleType: z.enum(VEHICLE_TYPES, { error: "Vehicle type is required" }),
    standardRate: standardRateDollars,
    languages: stringList("At least one language is required"),
    suburbs: stringList("At least one suburb is required").pipe(
      z.array(suburbName()).transform((l) => [...new Set(l)]),
    ),
  })
  .refine(passwordsMatch.check, passwordsMatch.params);
export type InstructorRegistrationRequest = z.input<typeof instructorRegistrationRequest>;

/** Splits the register form's comma-separated text into a clean list. */
export function splitCommaList(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export const authUser = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(ROLES),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUser>;

export const authResponse = z.object({
  user: authUser,
  /** What the user must accept before going on: empty at sign-up, set at sign-in after a new version. */
  outstandingLegal: z.array(z.lazy(() => outstandingLegalDocument)).optional(),
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type AuthResponse = z.infer<typeof authResponse>;

export const refreshRequest = z.object({ refreshToken: z.string().min(1).max(200) });
export const refreshResponse = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponse>;

export const logoutRequest = z.object({ refreshToken: z.string().min(1).max(200).optional() });
export const okResponse = z.object({ ok: z.literal(true) });

/** A current version of a legal document the signed-in user has not accepted yet (words/legal-documents.ts). */
export const outstandingLegalDocument = z.object({
  document: z.enum(LEGAL_DOCUMENTS),
  version: z.string(),
});

export type OutstandingLegalDocument = z.infer<typeof outstandingLegalDocument>;

// Optional in the shape (the API always answers it) so that a client reading an older answer copes.
export const meResponse = z.object({
  user: authUser,
  outstandingLegal: z.array(outstandingLegalDocument).optional(),
});

/** POST /api/me/legal-acceptances: the versions the user read and accepts (they must be the current ones). */
export const legalAcceptanceRequest = z.object({
  documents: z.array(outstandingLegalDocument).min(1).max(LEGAL_DOCUMENTS.length),
});

export const extendSessionRequest = z.object({ bookingInProgress: z.boolean().optional() });
export const extendSessionResponse = z.object({ accessToken: z.string(), expiresAt: z.string() });
