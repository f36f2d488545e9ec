import type { TestPackOutcome, TestPackSummary } from "@kerb/shared";
import { testCentreShown } from "@kerb/shared/rules";
import { eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { bookings, testPacks } from "../../db/schema/index.ts";

/** What a pack's summary shows (schemas testPackSummary): its test_packs row and its lesson's status. */
export const packColumns = {
  bookingId: testPacks.bookingId,
  centreId: testPacks.centreId,
  testAt: testPacks.testAt,
  includesWarmUp: testPacks.includesWarmUp,
  status: bookings.status,
  outcome: testPacks.outcome,
  outcomeNote: testPacks.outcomeNote,
  outcomeRecordedAt: testPacks.outcomeRecordedAt,
};
export type PackRow = {
  bookingId: string;
  centreId: string;
  testAt: Date;
  includesWarmUp: boolean;
  status: (typeof bookings.$inferSelect)["status"];
  outcome: TestPackOutcome | null;
  outcomeNote: string | null;
  outcomeRecordedAt: Date | null;
};

export function toTestPackSummary(row: PackRow): TestPackSummary {
  return {
    bookingId: row.bookingId,
    centre: testCentreShown(row.centreId),
    testAt: row.testAt.toISOString(),
    includesWarmUp: row.includesWarmUp,
    status: row.status,
    outcome: row.outcome,
    note: row.outcomeNote,
    outcomeRecordedAt: row.outcomeRecordedAt?.toISOString() ?? null,
  };
}

/** The packs among these lesson records, by lesson id: a lesson list says which lessons are test days. */
export async function testPackSummariesOf(
  db: Executor,
  bookingIds: readonly string[],
): Promise<Map<string, TestPackSummary>> {
  if (bookingIds.length === 0) return new Map();
  const rows = (await db
    .select(packColumns)
    .from(testPacks)
    .innerJoin(bookings, eq(bookings.id, testPacks.bookingId))
    .where(inArray(testPacks.bookingId, [...bookingIds]))) as PackRow[];
  return new Map(rows.map((row) => [row.bookingId, toTestPackSummary(row)]));
}
