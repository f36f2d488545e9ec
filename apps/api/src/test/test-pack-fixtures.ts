/**
 * A driving-test package's lesson record for the tests of what comes after the test day (issue 33): a
 * card-paid block from the pick-up to the drop-off (insertPaidLesson, so its payment, earning and status
 * are the product's), and its test_packs row written directly, the plan worked back from the test time
 * as rules/test-pack-plan.ts does (warm-up from the pick-up, the drive, the arrival margin; the test,
 * the drive back). Booking a pack through its own use case is another slice's, not what these tests are
 * about.
 */
import {
  TEST_PACKAGE_ARRIVAL_MARGIN_MINUTES,
  TEST_PACKAGE_TEST_MINUTES,
  TEST_PACKAGE_WARM_UP_MINUTES,
  type TestPackOutcome,
} from "@kerb/shared";
import type { Database } from "../db/client.ts";
import { testPacks } from "../db/schema/index.ts";
import { addMinutes, insertPaidLesson } from "./fixtures/instructor-fixtures.ts";

export interface FixtureTestPack {
  studentId: string;
  instructorId: string;
  testAt: Date;
  centreId?: string;
  includesWarmUp?: boolean;
  toCentreMinutes?: number;
  fromCentreMinutes?: number;
  status?: "SCHEDULED" | "COMPLETED" | "NO_SHOW" | "CANCELLED";
  priceCents?: number;
  suburb?: string;
  /** Recorded by its instructor at the test's end. */
  outcome?: TestPackOutcome;
  outcomeNote?: string;
}

/** The pack's block: its pick-up and drop-off. */
export function testPackBlock(
  pack: Pick<FixtureTestPack, "testAt" | "includesWarmUp" | "toCentreMinutes" | "fromCentreMinutes">,
) {
  const warmUp = (pack.includesWarmUp ?? true) ? TEST_PACKAGE_WARM_UP_MINUTES : 0;
  const pickupAt = addMinutes(
    pack.testAt,
    -(TEST_PACKAGE_ARRIVAL_MARGIN_MINUTES + (pack.toCentreMinutes ?? 30) + warmUp),
  );
  const dropOffAt = addMinutes(pack.testAt, TEST_PACKAGE_TEST_MINUTES + (pack.fromCentreMinutes ?? 30));
  return { pickupAt, dropOffAt };
}

/** A paid pack in `status` (default SCHEDULED); returns its lesson record's id. */
export async function insertTestPack(db: Database, pack: FixtureTestPack): Promise<string> {
  const { pickupAt, dropOffAt } = testPackBlock(pack);
  const { id } = await insertPaidLesson(db, {
    studentId: pack.studentId,
    instructorId: pack.instructorId,
    start: pickupAt,
    minutes: (dropOffAt.getTime() - pickupAt.getTime()) / 60_000,
    priceCents: pack.priceCents ?? 30_000,
    suburb: pack.suburb ?? "Sydney CBD",
    status: pack.status ?? "SCHEDULED",
  });
  const recorded = pack.outcome ? addMinutes(pack.testAt, TEST_PACKAGE_TEST_MINUTES) : null;
  await db.insert(testPacks).values({
    bookingId: id,
    centreId: pack.centreId ?? "st-marys",
    testAt: pack.testAt,
    includesWarmUp: pack.includesWarmUp ?? true,
    toCentreMinutes: pack.toCentreMinutes ?? 30,
    fromCentreMinutes: pack.fromCentreMinutes ?? 30,
    outcome: pack.outcome ?? null,
    outcomeNote: pack.outcomeNote ?? null,
    outcomeRecordedAt: recorded,
    outcomeRecordedBy: recorded ? pack.instructorId : null,
  });
  return id;
}
