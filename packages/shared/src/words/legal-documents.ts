/**
 * Kerb's terms of use, privacy policy and instructor agreement, versioned: every sign-up stores which
 * version of each it accepted and when, and a changed text gets a new version that each user accepts on
 * their next sign-in. Change a text's words → change its version (a date, "YYYY-MM").
 * The privacy policy follows the Australian Privacy Principles (Privacy Act 1988, Schedule 1): APP 1
 * (an open policy), APP 12 (access to what is held) and APP 11.2 (destroy or de-identify what is no longer
 * needed, except what an Australian law requires to be kept — tax records, five years: TAA 1953 s 382-5).
 */
import type { Role } from "../constants.ts";

export const LEGAL_DOCUMENTS = ["TERMS", "PRIVACY", "INSTRUCTOR_AGREEMENT"] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

export const TERMS_VERSION = "2026-12";
export const PRIVACY_VERSION = "2026-12";
export const INSTRUCTOR_AGREEMENT_VERSION = "2026-12";

export const LEGAL_DOCUMENT_VERSIONS: Record<LegalDocument, string> = {
  TERMS: TERMS_VERSION,
  PRIVACY: PRIVACY_VERSION,
  INSTRUCTOR_AGREEMENT: INSTRUCTOR_AGREEMENT_VERSION,
};

export const LEGAL_DOCUMENT_TITLES: Record<LegalDocument, string> = {
  TERMS: "Terms of use",
  PRIVACY: "Privacy policy",
  INSTRUCTOR_AGREEMENT: "Instructor agreement",
};

/** The documents a role accepts: everyone the terms and privacy policy, instructors also their agreement. */
export function legalDocumentsFor(role: Role): LegalDocument[] {
  if (role === "INSTRUCTOR") return ["TERMS", "PRIVACY", "INSTRUCTOR_AGREEMENT"];
  if (role === "ADMIN") return [];
  return ["TERMS", "PRIVACY"];
}

/** The current versions `role` has not yet accepted, given the (document, version) pairs it has. */
export function outstandingLegalDocuments(
  role: Role,
  accepted: ReadonlyArray<{ document: string; version: string }>,
): Array<{ document: LegalDocument; version: string }> {
  return legalDocumentsFor(role)
    .filter((d) => !accepted.some((a) => a.document === d && a.version === LEGAL_DOCUMENT_VERSIONS[d]))
    .map((document) => ({ document, version: LEGAL_DOCUMENT_VERSIONS[document] }));
}

export const LEGAL_DOCUMENT_TEXTS: Record<LegalDocument, string[]> = {
  TERMS: [
    "Kerb is a marketplace: it lists independent driving instructors and takes bookings and payments for their lessons. The instructor, not Kerb, teaches the lesson.",
    "Prices are shown with GST included. You pay when you book; cancellations and refunds follow the policy shown before you pay, and your rights under the Australian Consumer Law are not limited by these terms.",
    "You give true details, keep your password to yourself, and treat instructors, learners and guardians with respect. We may suspend an account that breaks these terms or the law.",
    "You can close your account at any time from your account page, once no lesson is still booked and nothing is owed.",
  ],
  PRIVACY: [
    "What we hold: your name, email, phone, profile, lessons, payments, messages, lesson records, logbook and a log of changes made to your account.",
    "Why: to run your bookings and payments, keep learners safe, meet our tax obligations and answer questions about a lesson. We do not sell your details. Card numbers are held by our payment provider, not by Kerb.",
    "Who sees it: the instructor or learner you book with sees what they need for the lesson; a learner's guardian sees the learner's lessons; our staff see what they need to support you.",
    "Your rights (Australian Privacy Principles 12 and 13): download everything we hold about you from your account page, correct your details there, and ask for your account to be closed. On closing we remove or anonymise your personal details; tax records the law requires us to keep for five years stay, with your name replaced where the law allows.",
    "Questions or complaints: reply to any email from Kerb. If we do not resolve it, you can contact the Office of the Australian Information Commissioner (oaic.gov.au).",
  ],
  INSTRUCTOR_AGREEMENT: [
    "You are an independent instructor, not Kerb's employee. You hold a current NSW instructor licence and Working With Children Check, and keep your vehicle registered, insured and fitted for teaching.",
    "You set your hours, rate and suburbs in Kerb. Kerb collects the learner's payment, keeps its commission and pays you the rest for each completed lesson, on the payout schedule shown in your portal.",
    "Kerb issues your tax invoices as recipient-created tax invoices only under the separate RCTI agreement you accept before your first payout.",
    "You keep learners' details private and use them only for their lessons.",
  ],
};
