/** Test data for the payout suites: lessons with an outcome, placed in Sydney weeks relative to a run. */
import {
  addDaysToDate,
  type LedgerAccount,
  type PayoutPeriod,
  payoutPeriodFor,
  sydneyWallTimeToInstant,
} from "@kerb/shared/rules";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import { ledgerEntries, ledgerJournals } from "../../db/schema/index.ts";
import { insertPaidLesson } from "../instructors/instructor-test-fixtures.ts";

const WEEK_MS = 7 * 24 * 3_600_000;

/** `date` at `hour`:00 Sydney time. */
export function sydneyAt(date: string, hour: number): Date {
  const instant = sydneyWallTimeToInstant(date, hour * 60);
  if (!instant) throw new Error(`no such Sydney time ${date} ${hour}:00`);
  return instant;
}

/** The period the next run at `now` pays, and a day inside it (Tuesday). */
export function periodAt(now: Date): PayoutPeriod & { tuesday: string } {
  const period = payoutPeriodFor(now);
  return { ...period, tuesday: addDaysToDate(period.start, 1) };
}

/**
 * A card-paid lesson (paid a week ahead) with its outcome, as the instructor's mark or the student's
 * cancellation leaves it (only paid-for lessons earn anything: rules/payouts.ts). A cancellation keeps
 * what its tier keeps: `cancelledHoursBefore` 36 keeps half the price, the default (72) nothing.
 */
export async function insertOutcome(
  db: Database,
  input: {
    studentId: string;
    instructorId: string;
    start: Date;
    status: "COMPLETED" | "NO_SHOW" | "CANCELLED" | "SCHEDULED";
    priceCents: number;
    cancelledHoursBefore?: number;
    isPoolHours?: boolean;
  },
) {
  const { id } = await insertPaidLesson(db, {
    ...input,
    paidAt: new Date(input.start.getTime() - WEEK_MS),
  });
  return id;
}

/** What one payout's journals add up to on one ledger account (debits +, credits −). */
export async function payoutAccountSum(
  db: Database,
  payoutId: string,
  account: LedgerAccount,
): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
    .where(and(eq(ledgerJournals.payoutId, payoutId), eq(ledgerEntries.account, account)));
  return row?.cents ?? 0;
}

/** GET a download with the bearer token; the body as bytes and as text. */
export async function download(app: FastifyInstance, url: string, token: string) {
  const res = await app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, text: res.body };
}

/** Splits RFC 4180 CSV (quoted fields with commas, doubled quotes) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n") {
      row.push(cell.replace(/\r$/, ""));
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** Dollars "12.34" → 1234 cents, exactly. */
export const csvCents = (value: string) => {
  const [whole = "0", fraction = "00"] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
};
