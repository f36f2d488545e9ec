import { DEMO_SUPPLIER_ABN } from "@kerb/shared";
import {
  formatAud,
  formatIsoDate,
  formatSydneyDate,
  formatSydneyTimeRange,
  payoutStatementNumber,
  RCTI_ISSUE_DAYS,
  rctiDaysLate,
  sydneyDateOf,
  testPackLineLabel,
} from "@kerb/shared/rules";
import { plural, rctiAgreementReference } from "@kerb/shared/words";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { PAYOUT_NOT_FOUND } from "./payout-views.ts";
import * as repo from "./payouts.repository.ts";
import { rctiAcceptancesOf } from "./rcti.repository.ts";
import type { PayoutStatement } from "./statement.ts";

const LINE_DESCRIPTIONS: Record<string, string> = {
  COMPLETED: "Driving lesson",
  NO_SHOW: "Driving lesson (student did not attend)",
  CANCELLED: "Late cancellation (kept value)",
};

/** What set the lesson's value: a bundle credit at the bundle's per-lesson price, or the instructor's rate. */
function valuedBy(line: { isPoolHours: boolean; bundlePricePerLessonCents: number | null }): string {
  if (line.bundlePricePerLessonCents !== null) {
    return `bundle credit, ${formatAud(line.bundlePricePerLessonCents)} a lesson`;
  }
  return line.isPoolHours ? "pool hours" : "standard rate";
}

/** A pack's status beyond "taught", after its name: the name itself says what was supplied. */
const PACK_STATUS_NOTES: Record<string, string> = {
  NO_SHOW: " (student did not attend)",
  CANCELLED: " (late cancellation, kept value)",
};

/**
 * What the line supplied: a driving-test package (issue 33) by its name, centre and test date, as the
 * learner's tax invoice names it, never as a lesson of its length; a lesson by what set its value.
 */
function describeLine(line: repo.PayoutLineRow): string {
  if (line.testPackCentreId !== null && line.testAt !== null) {
    const pack = { centreId: line.testPackCentreId, testAt: line.testAt };
    return `${testPackLineLabel(pack)}${PACK_STATUS_NOTES[line.status] ?? ""}`;
  }
  return `${LINE_DESCRIPTIONS[line.status] ?? "Driving lesson"}, ${valuedBy(line)}, ${line.suburb}`;
}

/**
 * A line issued past the ATO's 28 days (held back for an ABN, the agreement or an admin's decision) says
 * so: it stays on the statement under its own date rather than being left out.
 */
function lateNote(lessonDate: string, issuedOn: string): string {
  const late = rctiDaysLate(lessonDate, issuedOn);
  return late > 0 ? ` (held: issued ${plural(late, "day")} after the ${RCTI_ISSUE_DAYS} days allowed)` : "";
}

/** The instructor's own payout, or 404. */
export async function requireOwnPayout(ctx: AppContext, instructorId: string, payoutId: string) {
  const payout = await repo.findOwnPayout(ctx.db, instructorId, payoutId);
  // Another instructor's payout reads exactly like one that does not exist.
  if (!payout) throw new AppError("not_found", PAYOUT_NOT_FOUND);
  return payout;
}

/** A payout's statement (RCTI) as both downloads print it. */
export async function assembleStatement(ctx: AppContext, payout: repo.PayoutRow): Promise<PayoutStatement> {
  const [payee, lines, acceptances] = await Promise.all([
    repo.findPayee(ctx.db, payout.instructorId),
    repo.payoutLines(ctx.db, payout.id),
    rctiAcceptancesOf(ctx.db, payout.instructorId),
  ]);
  if (!payee) throw new AppError("not_found", PAYOUT_NOT_FOUND);
  // A run also pays lessons from before its week (marked late, or waiting for an ABN): the period printed
  // starts at the earliest line, so it covers every lesson listed (lines come in lesson order).
  const earliest = lines[0] ? sydneyDateOf(lines[0].startTime) : payout.periodStart;
  const issuedOn = sydneyDateOf(payout.createdAt);
  // The acceptance the RCTI was issued under: of its version, the latest made before it was issued.
  const acceptance = acceptances.find(
    (a) => a.version === payout.rctiAgreementVersion && a.acceptedAt.getTime() <= payout.createdAt.getTime(),
  );
  return {
    number: payoutStatementNumber(payout),
    issuedOn: formatSydneyDate(payout.createdAt),
    periodStart: formatIsoDate(earliest < payout.periodStart ? earliest : payout.periodStart),
    periodEnd: formatIsoDate(payout.periodEnd),
    recipient: { name: ctx.env.SUPPLIER_NAME, abn: ctx.env.SUPPLIER_ABN },
    isDemoRecipient: ctx.env.SUPPLIER_ABN === DEMO_SUPPLIER_ABN,
    agreement: payout.rctiAgreementVersion
      ? {
          reference: rctiAgreementReference(payout.rctiAgreementVersion),
          acceptedOn: acceptance ? formatSydneyDate(acceptance.acceptedAt) : null,
        }
      : null,
    supplier: {
      name: `${payee.firstName} ${payee.lastName}`,
      email: payee.email,
      // As the payout was made up, whatever the profile says since: the RCTI is a tax record.
      abn: payout.supplierAbn,
      gstRegistered: payout.supplierGstRegistered,
    },
    lines: lines.map((line) => ({
      bookingId: line.bookingId,
      date: formatSydneyDate(line.startTime),
      time: formatSydneyTimeRange(line.startTime, line.endTime),
      description: `${describeLine(line)}${lateNote(sydneyDateOf(line.startTime), issuedOn)}`,
      student: `${line.studentFirstName} ${line.studentLastName}`,
      grossCents: line.grossCents,
      feeCents: line.grossCents - line.amountCents,
      amountCents: line.amountCents,
      gstCents: line.gstCents,
    })),
    grossCents: payout.grossCents,
    feeCents: payout.feeCents,
    amountCents: payout.amountCents - payout.gstCents,
    gstCents: payout.gstCents,
    totalCents: payout.amountCents,
    status: payout.status,
    paidOn: payout.paidAt ? formatSydneyDate(payout.paidAt) : null,
    provider: payout.provider,
  };
}
