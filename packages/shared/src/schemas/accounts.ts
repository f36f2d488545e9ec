/**
 * Account recovery and self-service profile edits: forgot/reset password, change password, change email
 * (confirmed through the new address), and the student's and instructor's editable profile.
 * Field rules come from the registration schemas, so a value accepted at sign-up is accepted here.
 */
import { z } from "zod";
import { GENDERS, VERIFICATION_STATUSES } from "../constants.ts";
import { instructorRegistrationRequest, loginRequest, studentRegistrationRequest } from "./auth.ts";
import { safeText } from "./common.ts";
import { instructorWwcNumber } from "./fields.ts";

const email = loginRequest.shape.email;
const newPassword = studentRegistrationRequest.shape.password;
const confirmPassword = studentRegistrationRequest.shape.confirmPassword;
const currentPassword = z
  .string({ error: "Current password is required" })
  .min(1, "Current password is required")
  .max(200);
/** Opaque tokens from an emailed link: base64url, 43 characters for 256 bits. */
const emailedToken = z
  .string({ error: "The link is incomplete" })
  .trim()
  .min(1, "The link is incomplete")
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, "The link is not valid");

const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const PASSWORD_MISMATCH = { message: "Passwords do not match", path: ["confirmPassword"] };

export const forgotPasswordRequest = z.object({ email });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

/** The same answer whether or not the address has an account. */
export const forgotPasswordResponse = z.object({ accepted: z.literal(true) });

export const resetPasswordRequest = z
  .object({ token: emailedToken, password: newPassword, confirmPassword })
  .refine(passwordsMatch, PASSWORD_MISMATCH);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;
export const resetPasswordResponse = z.object({ ok: z.literal(true) });

export const changePasswordRequest = z
  .object({ currentPassword, password: newPassword, confirmPassword })
  .refine(passwordsMatch, PASSWORD_MISMATCH);
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;
/** A fresh session for the device that changed it: every other session has ended. */
export const changePasswordResponse = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;

export const emailChangeRequest = z.object({ newEmail: email, currentPassword });
export type EmailChangeRequest = z.input<typeof emailChangeRequest>;
export const emailChangeResponse = z.object({ pendingEmail: z.string() });
export type EmailChangeResponse = z.infer<typeof emailChangeResponse>;

export const confirmEmailChangeRequest = z.object({ token: emailedToken });
export const confirmEmailChangeResponse = z.object({ email: z.string() });
export type ConfirmEmailChangeResponse = z.infer<typeof confirmEmailChangeResponse>;

// Profiles -----------------------------------------------------------------------------------------

export const studentProfileUpdateRequest = z
  .object({
    firstName: studentRegistrationRequest.shape.firstName,
    lastName: studentRegistrationRequest.shape.lastName,
    phone: studentRegistrationRequest.shape.phone,
    suburb: studentRegistrationRequest.shape.suburb,
    licenseType: studentRegistrationRequest.shape.licenseType,
  })
  .partial();
export type StudentProfileUpdateRequest = z.input<typeof studentProfileUpdateRequest>;

export const BIO_MAX_LENGTH = 1000;

export const instructorProfileUpdateRequest = z
  .object({
    bio: safeText()
      .trim()
      .max(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters`)
      .transform((v) => (v === "" ? null : v))
      .nullable(),
    languages: instructorRegistrationRequest.shape.languages,
    vehicleType: instructorRegistrationRequest.shape.vehicleType,
    phone: instructorRegistrationRequest.shape.phone,
    gender: z.enum(GENDERS, { error: "Choose a gender or leave it unset" }).nullable(),
    licenseNumber: instructorRegistrationRequest.shape.licenseNumber,
    wwcNumber: instructorWwcNumber(),
  })
  .partial();
export type InstructorProfileUpdateRequest = z.input<typeof instructorProfileUpdateRequest>;

const accountBase = z.object({
  id: z.uuid(),
  email: z.string(),
  /** A new address waiting for its confirmation link to be followed; null when none. */
  pendingEmail: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
});

export const studentAccountResponse = accountBase.extend({
  suburb: z.string().nullable(),
  licenseType: z.enum(["AUTOMATIC", "MANUAL"]).nullable(),
});
export type StudentAccount = z.infer<typeof studentAccountResponse>;

export const instructorAccountResponse = accountBase.extend({
  bio: z.string().nullable(),
  languages: z.array(z.string()),
  vehicleType: z.enum(["AUTOMATIC", "MANUAL", "BOTH"]),
  gender: z.enum(GENDERS).nullable(),
  licenseNumber: z.string(),
  /** NSW Working With Children Check number (WWC1234567E); null until the instructor gives it. */
  wwcNumber: z.string().nullable(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
});
export type InstructorAccount = z.infer<typeof instructorAccountResponse>;
