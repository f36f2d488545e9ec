/**
 * A driving-test package's lesson record for the tests of what comes after the test day (issue 33): a
 * card-paid block from the pick-up to the drop-off (insertPaidLesson, so its payment, earning and status
 * are the product's) as rules/test-pack-plan.ts plans it, and its test_packs row written directly.
 * Booking a pack through the checkout (with its slot search and notice) is not what these tests are
 * about, and their packs are mostly in the past.
 */
import type { Suburb, TestPackOutcome } from "@kerb/shared";
import { planTestPack, sydneyWallTimeToInstant, type TestCentreId } from "@kerb/shared/rules";
import type { Database } from "../db/client.ts";
import { testPacks } from "../db/schema/index.ts";
import { insertPaidLesson } from "./fixtures/instructor-fixtures.ts";

export interface FixtureTestPack {
  studentId: string;
  instructorId: string;
  testAt: Date;
  centreId?: TestCentreId;
  includesWarmUp?: boolean;
  /** The pick-up suburb (default Sydney CBD). */
  suburb?: Suburb;
  status?: "SCHEDULED" | "COMPLETED" | "NO_SHOW" | "CANCELLED";
  priceCents?: number;
  /** Recorded by its instructor when the test ended. */
  outcome?: TestPackOutcome;
  outcomeNote?: string;
}

/** The pack's plan (rules/test-pack-plan.ts) with the fixture's defaults. */
export function testPackBlock(
  pack: Pick<FixtureTestPack, "testAt" | "centreId" | "includesWarmUp" | "suburb">,
) {
  return planTestPack({
    testAt: pack.testAt,
    pickup: pack.suburb ?? "Sydney CBD",
    centreId: pack.centreId ?? "st-marys",
    includesWarmUp: pack.includesWarmUp ?? true,
  });
}

/** A paid pack in `status` (default SCHEDULED); returns its lesson record's id. */
export async function insertTestPack(db: Database, pack: FixtureTestPack): Promise<string> {
  const plan = testPackBlock(pack);
  const { id } = await insertPaidLesson(db, {
    studentId: pack.studentId,
    instructorId: pack.instructorId,
    start: plan.pickupAt,
    minutes: (plan.dropOffAt.getTime() - plan.pickupAt.getTime()) / 60_000,
    priceCents: pack.priceCents ?? 30_000,
    suburb: pack.suburb ?? "Sydney CBD",
    status: pack.status ?? "SCHEDULED",
  });
  const recorded = pack.outcome ? plan.test.end : null;
  await db.insert(testPacks).values({
    bookingId: id,
    centreId: pack.centreId ?? "st-marys",
    testAt: pack.testAt,
    includesWarmUp: pack.includesWarmUp ?? true,
    toCentreMinutes: plan.toCentreMinutes,
    fromCentreMinutes: plan.fromCentreMinutes,
    outcome: pack.outcome ?? null,
    outcomeNote: pack.outcomeNote ?? null,
    outcomeRecordedAt: recorded,
    outcomeRecordedBy: recorded ? pack.instructorId : null,
  });
  return id;
}

/** The ISO instant Sydney's wall clock shows `hhmm` on `date`: a test time as Service NSW books it. */
export function sydneyAt(date: string, hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const instant = sydneyWallTimeToInstant(date, (h ?? 0) * 60 + (m ?? 0));
  if (!instant) throw new Error(`no ${hhmm} on ${date}`);
  return instant.toISOString();
}
