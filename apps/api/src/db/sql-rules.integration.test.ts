/**
 * The SQL copies of the shared rules must answer exactly as the rules do: every combination of the
 * inputs is written to a fresh database and each fragment's matches are compared with the rule's.
 */
import { BOOKING_STATUSES, type BookingStatus, VERIFICATION_STATUSES } from "@kerb/shared";
import {
  addDaysToDate,
  isActiveBooking,
  isHoldActive,
  isListableInstructor,
  isPayoutHeld,
  payableGrossCents,
  sydneyTodayDate,
  teachesInSuburb,
} from "@kerb/shared/rules";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { insertInstructor } from "../test/fixtures/availability-fixtures.ts";
import { createTestDatabase, describeEachDatabase, type TestDatabase } from "../test/test-app.ts";
import {
  bookings,
  heldLessonDecisions,
  instructorProfiles,
  instructorTeachingStops,
  payments,
  users,
} from "./schema/index.ts";
import {
  activeBookingSql,
  activeHoldSql,
  earningCentsSql,
  earningLessonSql,
  instructorSuspendedSql,
  listableInstructorSql,
  payoutHeldSql,
  teachesInSuburbSql,
  unlistableInstructorSql,
} from "./sql-rules.ts";

const NOW = new Date("2026-10-04T01:30:00Z"); // 12:30 AEDT on Sunday 4 October 2026, the day DST starts
const TODAY = sydneyTodayDate(NOW);
const MINUTE = 60_000;

describeEachDatabase("SQL copies of the shared rules", (kind) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterAll(() => testDb?.drop());

  it("activeBookingSql and activeHoldSql match isActiveBooking and isHoldActive", async () => {
    const db = testDb.handle.db;
    const instructorId = await insertInstructor(db, { suburbs: ["Bondi"] });
    const expiries = [null, -MINUTE, 0, 1, MINUTE].map((offset) =>
      offset === null ? null : new Date(NOW.getTime() + offset),
    );
    const rows: Array<{ status: BookingStatus; holdExpiresAt: Date | null }> = [];
    for (const status of BOOKING_STATUSES)
      for (const holdExpiresAt of expiries) rows.push({ status, holdExpiresAt });
    // One learner and one hour per row: the exclusion constraints must not refuse the fixtures.
    const students = await db
      .insert(users)
      .values(
        rows.map((_, i) => ({
          email: `rules${i}@example.test`,
          passwordHash: "x",
          role: "STUDENT" as const,
          firstName: "R",
          lastName: `S${i}`,
        })),
      )
      .returning({ id: users.id });
    const inserted = await db
      .insert(bookings)
      .values(
        rows.map((row, i) => ({
          studentId: students[i]?.id ?? "",
          instructorId,
          startTime: new Date(NOW.getTime() + (i + 1) * 60 * MINUTE),
          endTime: new Date(NOW.getTime() + (i + 2) * 60 * MINUTE),
          status: row.status,
          priceCents: 8000,
          suburb: "Bondi",
          holdExpiresAt: row.holdExpiresAt,
        })),
      )
      .returning({ id: bookings.id, status: bookings.status, holdExpiresAt: bookings.holdExpiresAt });

    const ids = async (where: ReturnType<typeof activeBookingSql>) =>
      (await db.select({ id: bookings.id }).from(bookings).where(where)).map((r) => r.id).sort();
    const expected = (rule: typeof isActiveBooking) =>
      inserted
        .filter((r) => rule(r.status, r.holdExpiresAt, NOW))
        .map((r) => r.id)
        .sort();
    expect(await ids(activeBookingSql(NOW))).toEqual(expected(isActiveBooking));
    expect(await ids(activeHoldSql(NOW))).toEqual(expected(isHoldActive));
    // Sanity: the combinations cover both answers.
    expect(expected(isActiveBooking).length).toBeGreaterThan(0);
    expect(expected(isActiveBooking).length).toBeLessThan(inserted.length);
  });

  it("earningLessonSql and earningCentsSql match payableGrossCents", async () => {
    const db = testDb.handle.db;
    const instructorId = await insertInstructor(db, { suburbs: ["Bondi"] });
    const [student] = await db
      .insert(users)
      .values({
        email: "earner@example.test",
        passwordHash: "x",
        role: "STUDENT",
        firstName: "E",
        lastName: "L",
      })
      .returning({ id: users.id });
    const [payment] = await db
      .insert(payments)
      .values({
        userId: student?.id ?? "",
        type: "BOOKINGS",
        status: "PAID",
        provider: "demo",
        subtotalCents: 8000,
        gstCents: 800,
        amountCents: 8800,
        invoiceNumber: "KRB-RULES-1",
      })
      .returning({ id: payments.id });
    const rows: Array<{ status: BookingStatus; keptCents: number | null; paymentId: string | null }> = [];
    for (const status of BOOKING_STATUSES)
      for (const keptCents of [null, 0, 500])
        for (const paymentId of [payment?.id ?? null, null]) rows.push({ status, keptCents, paymentId });
    // Past lessons, one hour apart (one student may not be in two cars at once).
    const inserted = await db
      .insert(bookings)
      .values(
        rows.map((row, i) => ({
          studentId: student?.id ?? "",
          instructorId,
          startTime: new Date(NOW.getTime() - (i + 2) * 60 * MINUTE),
          endTime: new Date(NOW.getTime() - (i + 1) * 60 * MINUTE),
          status: row.status,
          priceCents: 8000,
          keptCents: row.keptCents,
          paymentId: row.paymentId,
          suburb: "Bondi",
        })),
      )
      .returning({
        id: bookings.id,
        status: bookings.status,
        priceCents: bookings.priceCents,
        keptCents: bookings.keptCents,
        paymentId: bookings.paymentId,
        bundleId: bookings.bundleId,
      });
    const fromSql = await db
      .select({ id: bookings.id, cents: earningCentsSql.mapWith(Number) })
      .from(bookings)
      .where(and(eq(bookings.instructorId, instructorId), earningLessonSql));
    const expected = inserted
      .filter((r) => payableGrossCents(r) > 0)
      .map((r) => ({ id: r.id, cents: payableGrossCents(r) }));
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(fromSql.sort(byId)).toEqual(expected.sort(byId));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(inserted.length);
  });

  it("payoutHeldSql matches isPayoutHeld", async () => {
    const db = testDb.handle.db;
    const instructorId = await insertInstructor(db, { suburbs: ["Bondi"] });
    const [student] = await db
      .insert(users)
      .values({
        email: "held@example.test",
        passwordHash: "x",
        role: "STUDENT",
        firstName: "H",
        lastName: "L",
      })
      .returning({ id: users.id });
    const hour = 60 * MINUTE;
    // An ended stop [-10 h, -5 h) and an open one from -2 h: lessons start on and around each edge.
    const stops = [
      {
        reason: "REJECTED" as const,
        startsAt: new Date(NOW.getTime() - 10 * hour),
        endsAt: new Date(NOW.getTime() - 5 * hour),
      },
      { reason: "SUSPENDED" as const, startsAt: new Date(NOW.getTime() - 2 * hour), endsAt: null },
    ];
    await db.insert(instructorTeachingStops).values(stops.map((s) => ({ ...s, instructorId })));
    const offsets = [-11, -10, -9, -5, -4, -2, -1, 1].map((h) => h * hour);
    const rows = offsets.flatMap((offset) =>
      [null, "PAY" as const, "REFUND" as const].map((decision) => ({ offset, decision })),
    );
    // Cancelled lessons: the no-overlap constraint covers active ones only, so three may share an hour.
    const inserted = await db
      .insert(bookings)
      .values(
        rows.map((row) => ({
          studentId: student?.id ?? "",
          instructorId,
          startTime: new Date(NOW.getTime() + row.offset),
          endTime: new Date(NOW.getTime() + row.offset + hour),
          status: "CANCELLED" as const,
          priceCents: 8000,
          suburb: "Bondi",
        })),
      )
      .returning({ id: bookings.id, startTime: bookings.startTime });
    await db.insert(heldLessonDecisions).values(
      inserted.flatMap((b, i) => {
        const decision = rows[i]?.decision;
        return decision ? [{ bookingId: b.id, decision, note: "test", decidedAt: NOW }] : [];
      }),
    );
    const fromSql = (
      await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.instructorId, instructorId), payoutHeldSql))
    )
      .map((r) => r.id)
      .sort();
    const expected = inserted
      .filter((b, i) => isPayoutHeld(b, stops, rows[i]?.decision ?? null))
      .map((b) => b.id)
      .sort();
    expect(fromSql).toEqual(expected);
    // Held: -10 h, -9 h (first stop), -2 h, -1 h, +1 h (open stop), undecided only.
    expect(expected).toHaveLength(5);
  });

  it("listableInstructorSql, unlistableInstructorSql and teachesInSuburbSql match isListableInstructor and teachesInSuburb", async () => {
    const db = testDb.handle.db;
    const dates = [null, addDaysToDate(TODAY, -1), TODAY, addDaysToDate(TODAY, 1)];
    const created: string[] = [];
    for (const suspended of [false, true]) {
      for (const verificationStatus of VERIFICATION_STATUSES) {
        for (const licenseExpiresOn of dates) {
          for (const wwcExpiresOn of dates) {
            created.push(
              await insertInstructor(db, {
                suburbs: ["North Sydney", "manly"],
                verificationStatus,
                licenseExpiresOn,
                wwcExpiresOn,
                suspended,
              }),
            );
          }
        }
      }
    }
    const profiles = await db
      .select({
        id: instructorProfiles.userId,
        suspended: instructorSuspendedSql,
        verificationStatus: instructorProfiles.verificationStatus,
        licenseExpiresOn: instructorProfiles.licenseExpiresOn,
        wwcExpiresOn: instructorProfiles.wwcExpiresOn,
        suburbs: instructorProfiles.suburbs,
      })
      .from(instructorProfiles);
    const ours = profiles.filter((p) => created.includes(p.id));
    expect(ours).toHaveLength(created.length);

    const listed = (
      await db
        .select({ id: instructorProfiles.userId })
        .from(instructorProfiles)
        .where(listableInstructorSql(TODAY))
    )
      .map((r) => r.id)
      .filter((id) => created.includes(id))
      .sort();
    expect(listed).toEqual(
      ours
        .filter((p) => isListableInstructor(p, TODAY))
        .map((p) => p.id)
        .sort(),
    );
    // Not suspended, VERIFIED, each expiry today or tomorrow: 2 × 2 (null is unlisted).
    expect(listed.length).toBe(4);
    expect(ours.filter((p) => p.suspended)).toHaveLength(created.length / 2);

    // The negated copy (the admin follow-up list) is exactly the complement, NULL dates included.
    const unlisted = (
      await db
        .select({ id: instructorProfiles.userId })
        .from(instructorProfiles)
        .where(unlistableInstructorSql(TODAY))
    )
      .map((r) => r.id)
      .filter((id) => created.includes(id))
      .sort();
    expect(unlisted).toEqual(
      ours
        .filter((p) => !isListableInstructor(p, TODAY))
        .map((p) => p.id)
        .sort(),
    );
    expect(unlisted.length + listed.length).toBe(created.length);

    const [one = ""] = created;
    for (const suburb of ["Manly", "MANLY", "north sydney", "North Sydney", "Bondi", "Sydney"]) {
      const found = await db
        .select({ id: instructorProfiles.userId })
        .from(instructorProfiles)
        .where(and(eq(instructorProfiles.userId, one), teachesInSuburbSql(suburb)));
      expect(found.length === 1, suburb).toBe(teachesInSuburb(["North Sydney", "manly"], suburb));
    }
  });
});
