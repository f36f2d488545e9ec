/**
 * Recipient-created tax invoices (RCTIs) and the GST registration they depend on. Kerb, the recipient of
 * the instructors' lessons, issues the tax invoice for them (decisions 013, 030, 037). The rules here are
 * pinned in rcti.test.ts to the wording of:
 * - A New Tax System (Goods and Services Tax) Act 1999 (the GST Act), s 29-70(3): the Commissioner may
 *   determine, by legislative instrument, that a recipient may issue the tax invoice for a taxable supply;
 * - the Commissioner's RCTI determination made under it and the ATO's published requirements
 *   ("Recipient-created tax invoices", ato.gov.au): a written agreement, current and effective when the
 *   RCTI is issued; the RCTI issued within 28 days of the supply (or of its value being worked out);
 *   the document showing it is a recipient-created tax invoice.
 * - the GST Act's Division 29 naming: a document that corrects a tax invoice for a later refund or
 *   change is an "adjustment note" (s 29-75), not a credit or refund note.
 */
import { addDaysToDate, daysBetween } from "./sydney-time.ts";

/**
 * The version of Kerb's RCTI agreement instructors accept. A new version (a changed clause) is a new
 * agreement: everyone is asked again and no RCTI is issued until they accept it.
 */
export const RCTI_AGREEMENT_VERSION = "2026-12";

/** Printed prominently on every RCTI, as the ATO asks: the document says what it is. */
export const RCTI_TITLE = "Recipient-created tax invoice";

/** The ATO's limit: an RCTI is issued within 28 days of the supply it covers. */
export const RCTI_ISSUE_DAYS = 28;

/** One GST registration period: registered from `effectiveFrom`, up to (not including) `effectiveTo`. */
export interface GstRegistrationPeriod {
  /** YYYY-MM-DD: the date of effect of the registration (ABN Lookup: "Registered from"). */
  effectiveFrom: string;
  /** YYYY-MM-DD: the first day no longer registered (ABN Lookup: "Cancelled from"), or null. */
  effectiveTo: string | null;
}

/**
 * Whether the instructor was registered for GST on a (Sydney) date: a lesson's GST follows the
 * registration on the day it was taught, not the day it is paid. ISO dates compare as strings.
 */
export function gstRegisteredOn(periods: ReadonlyArray<GstRegistrationPeriod>, date: string): boolean {
  return periods.some((p) => p.effectiveFrom <= date && (p.effectiveTo === null || date < p.effectiveTo));
}

/** Why a registration change cannot be saved, or null. Periods never overlap or run backwards. */
export type GstChangeProblem = "ends_before_start" | "overlaps_earlier";

/** Can a new registration start on `from`, given the instructor's (closed) earlier ones? */
export function gstStartProblem(
  periods: ReadonlyArray<GstRegistrationPeriod>,
  from: string,
): GstChangeProblem | null {
  const overlaps = periods.some((p) => p.effectiveTo === null || from < p.effectiveTo);
  return overlaps ? "overlaps_earlier" : null;
}

/** Can the open registration end on `to` (the first day not registered)? */
export function gstEndProblem(open: GstRegistrationPeriod, to: string): GstChangeProblem | null {
  return to <= open.effectiveFrom ? "ends_before_start" : null;
}

/** The last day an RCTI for a supply on `supplyDate` may be issued. */
export function rctiIssueDeadline(supplyDate: string): string {
  return addDaysToDate(supplyDate, RCTI_ISSUE_DAYS);
}

/**
 * How many days late a line is: issued on `issuedOn` for a lesson on `supplyDate`, past the 28 days.
 * 0 when on time. A late line is still printed (under its own date), and says so.
 */
export function rctiDaysLate(supplyDate: string, issuedOn: string): number {
  return Math.max(0, daysBetween(supplyDate, issuedOn) - RCTI_ISSUE_DAYS);
}

export interface RctiAcceptance {
  version: string;
  /** Set when a change (ABN, GST registration) asked for the agreement to be accepted again. */
  reaskedAt: Date | null;
}

/**
 * An RCTI is issued only under a written agreement that is current and effective when it is issued:
 * the current version, accepted and not re-asked since (an ABN or GST registration change re-asks it,
 * as both are named in it).
 */
export function hasCurrentRctiAgreement(
  acceptances: ReadonlyArray<RctiAcceptance>,
  version: string = RCTI_AGREEMENT_VERSION,
): boolean {
  return acceptances.some((a) => a.version === version && a.reaskedAt === null);
}
