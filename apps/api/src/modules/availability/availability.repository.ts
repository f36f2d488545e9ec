import { ACTIVE_BOOKING_STATUSES, SUBURBS } from "@kerb/shared";
import { HELD_BOOKING_STATUS } from "@kerb/shared/rules";
import { and, asc, eq, gt, gte, inArray, lt, lte, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import {
  availabilityCatalogue,
  availabilityExceptions,
  availabilityRules,
  availabilityVersions,
  bookings,
  howInstructorTeaches,
  instructorProfiles,
  users,
} from "../../db/schema/index.ts";
import { activeBookingSql, listableInstructorSql, teachesInSuburbSql } from "../../db/sql-rules.ts";
import type { BookedPeriod, BusyPeriod, DateException, WeeklyRule } from "./slot-generator.ts";

const DAY_MS = 86_400_000;

/**
 * A lesson's suburb as its position in SUBURBS (-1 when not one of them), the engine's key into the
 * travel table (rules/travel.ts).
 */
const suburbIndexSql = sql`coalesce(array_position(${sql.raw(
  `array[${SUBURBS.map((s) => `'${s.replaceAll("'", "''")}'`).join(", ")}]::text[]`,
)}, ${bookings.suburb}) - 1, -1)`;

interface EligibleInstructorFilter {
  /** Sydney date: instructors whose licence or WWC check expired before it are left out. */
  today: string;
  /** Canonical suburb; matched case-insensitively against the instructor's suburbs. */
  suburb?: string;
  instructorId?: string;
  /** Only these instructors (a booking that names its instructors needs no one else's calendar). */
  instructorIds?: readonly string[];
}

/**
 * Listable (the shared rule's SQL copy: verified, licence and WWC check not expired), optionally of one
 * suburb and/or one id.
 */
function eligibleInstructor(filter: EligibleInstructorFilter): SQL | undefined {
  const conditions: SQL[] = [listableInstructorSql(filter.today)];
  if (filter.suburb !== undefined) conditions.push(teachesInSuburbSql(filter.suburb));
  if (filter.instructorId !== undefined) conditions.push(eq(users.id, filter.instructorId));
  if (filter.instructorIds !== undefined) conditions.push(inArray(users.id, [...filter.instructorIds]));
  return and(...conditions);
}

/** Best rated first (unrated last), then by name: the listing's default order. */
const listingOrder = [
  sql`${instructorProfiles.ratingAverage} desc nulls last`,
  asc(users.firstName),
  asc(users.lastName),
  asc(users.id),
];

/** Eligible instructors with everything the listing shows. */
export function listEligibleInstructors(db: Executor, filter: EligibleInstructorFilter) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      gender: instructorProfiles.gender,
      rating: instructorProfiles.ratingAverage,
      ratingCount: instructorProfiles.ratingCount,
      bio: instructorProfiles.bio,
      languages: instructorProfiles.languages,
      suburbs: instructorProfiles.suburbs,
      vehicleType: instructorProfiles.vehicleType,
      standardRateCents: instructorProfiles.standardRateCents,
      poolOptIn: instructorProfiles.poolOptIn,
      lessonLengths: instructorProfiles.lessonLengths,
    })
    .from(instructorProfiles)
    .innerJoin(users, eq(users.id, instructorProfiles.userId))
    .where(eligibleInstructor(filter))
    .orderBy(...listingOrder);
}

/**
 * Eligible instructors with only what slot generation needs. Kept apart from the listing query on
 * purpose: decoding the text[] columns (languages, suburbs) costs more than the rest of the row.
 */
const slotInstructorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  rating: instructorProfiles.ratingAverage,
  standardRateCents: instructorProfiles.standardRateCents,
  poolOptIn: instructorProfiles.poolOptIn,
  licenseExpiresOn: instructorProfiles.licenseExpiresOn,
  wwcExpiresOn: instructorProfiles.wwcExpiresOn,
  ...howInstructorTeaches,
};

export function listSlotInstructors(db: Executor, filter: EligibleInstructorFilter) {
  return db
    .select(slotInstructorColumns)
    .from(instructorProfiles)
    .innerJoin(users, eq(users.id, instructorProfiles.userId))
    .where(eligibleInstructor(filter))
    .orderBy(...listingOrder);
}

export type SlotInstructor = Awaited<ReturnType<typeof listSlotInstructors>>[number];

/** Weekly rules per instructor, aggregated like the busy periods below (one row per instructor). */
export async function listWeeklyRules(
  db: Executor,
  instructorIds: string[],
): Promise<Array<{ instructorId: string; rules: WeeklyRule[] }>> {
  const rows = await db
    .select({
      instructorId: availabilityRules.instructorId,
      rules: sql<Array<[number, number, number]> | string>`json_agg(json_build_array(
        ${availabilityRules.weekday}, ${availabilityRules.startMinute}, ${availabilityRules.endMinute}))`,
    })
    .from(availabilityRules)
    .where(inArray(availabilityRules.instructorId, instructorIds))
    .groupBy(availabilityRules.instructorId);
  return rows.map((r) => ({
    instructorId: r.instructorId,
    rules: decodeJson(r.rules).map(([weekday, startMinute, endMinute]) => ({
      weekday,
      startMinute,
      endMinute,
    })),
  }));
}

// Drivers decode json columns, but a driver configured to leave them as text must not break these.
function decodeJson<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

export function listExceptions(db: Executor, instructorIds: string[], startDate: string, endDate: string) {
  return db
    .select({
      instructorId: availabilityExceptions.instructorId,
      date: availabilityExceptions.date,
      kind: availabilityExceptions.kind,
      startMinute: availabilityExceptions.startMinute,
      endMinute: availabilityExceptions.endMinute,
    })
    .from(availabilityExceptions)
    .where(
      and(
        inArray(availabilityExceptions.instructorId, instructorIds),
        gte(availabilityExceptions.date, startDate),
        lte(availabilityExceptions.date, endDate),
      ),
    );
}

export interface ScheduleWindow {
  /** Sydney dates of the exceptions to read, inclusive. */
  startDate: string;
  endDate: string;
  /** Taken periods overlapping [from, to) that are active at `now`. */
  from: Date;
  to: Date;
  now: Date;
  /** A lesson being moved: it does not stand in its own way. */
  excludeBookingId?: string;
}

/**
 * Each instructor's weekly rules, date exceptions in the window and busy periods (active bookings by
 * rules/holds.ts isActiveBooking at `now`, as epoch-millisecond pairs) in ONE statement, as correlated
 * subqueries: a booking runs this inside its transaction, where every round trip holds a pooled
 * connection. The lower bound on start_time lets the (instructor_id, start_time) index skip the past.
 */
// Drizzle leaves columns unqualified in a single-table query, where "id" inside a subquery would mean
// the subquery's own table: the correlated reference is spelled out.
const outerInstructorId = sql.raw('"users"."id"');

/** The three correlated subqueries of a schedule, for a query whose rows are instructors (`users`). */
function scheduleColumns(w: ScheduleWindow) {
  return {
    rules: sql<Array<[number, number, number]> | string | null>`(select json_agg(json_build_array(
        ${availabilityRules.weekday}, ${availabilityRules.startMinute}, ${availabilityRules.endMinute}))
        from ${availabilityRules} where ${availabilityRules.instructorId} = ${outerInstructorId})`,
    exceptions: sql<Array<[string, "CLOSED" | "OPEN", number | null, number | null]> | string | null>`(
        select json_agg(json_build_array(${availabilityExceptions.date}, ${availabilityExceptions.kind},
          ${availabilityExceptions.startMinute}, ${availabilityExceptions.endMinute}))
        from ${availabilityExceptions}
        where ${availabilityExceptions.instructorId} = ${outerInstructorId}
          and ${availabilityExceptions.date} >= ${w.startDate} and ${availabilityExceptions.date} <= ${w.endDate})`,
    busy: sql<BusyPeriod[] | string | null>`(select json_agg(json_build_array(
          (extract(epoch from ${bookings.startTime}) * 1000)::float8,
          (extract(epoch from ${bookings.endTime}) * 1000)::float8,
          ${suburbIndexSql}))
        from ${bookings}
        where ${bookings.instructorId} = ${outerInstructorId}
          and ${lt(bookings.startTime, w.to)} and ${gt(bookings.endTime, w.from)}
          and ${gt(bookings.startTime, new Date(w.from.getTime() - DAY_MS))}
          and ${activeBookingSql(w.now)}
          ${w.excludeBookingId ? sql`and ${bookings.id} <> ${w.excludeBookingId}` : sql``})`,
  };
}

export interface InstructorScheduleRows {
  rules: WeeklyRule[];
  exceptions: DateException[];
  busy: BusyPeriod[];
}

function decodeSchedule(r: {
  rules: Array<[number, number, number]> | string | null;
  exceptions: Array<[string, "CLOSED" | "OPEN", number | null, number | null]> | string | null;
  busy: BusyPeriod[] | string | null;
}): InstructorScheduleRows {
  return {
    rules: (r.rules ? decodeJson(r.rules) : []).map(([weekday, startMinute, endMinute]) => ({
      weekday,
      startMinute,
      endMinute,
    })),
    exceptions: (r.exceptions ? decodeJson(r.exceptions) : []).map(
      ([date, kind, startMinute, endMinute]) => ({
        date,
        kind,
        startMinute,
        endMinute,
      }),
    ),
    busy: r.busy ? decodeJson(r.busy) : [],
  };
}

/** The eligible instructors (as listSlotInstructors) with their schedules, in one statement. */
export async function listSlotInstructorsWithSchedules(
  db: Executor,
  filter: EligibleInstructorFilter,
  w: ScheduleWindow,
): Promise<Array<{ instructor: SlotInstructor; schedule: InstructorScheduleRows }>> {
  const rows = await db
    .select({ ...slotInstructorColumns, ...scheduleColumns(w) })
    .from(instructorProfiles)
    .innerJoin(users, eq(users.id, instructorProfiles.userId))
    .where(eligibleInstructor(filter))
    .orderBy(...listingOrder);
  return rows.map(({ rules, exceptions, busy, ...instructor }) => ({
    instructor,
    schedule: decodeSchedule({ rules, exceptions, busy }),
  }));
}

// Read on every availability request: prepared once per database.
const versionTotal = preparedPerDatabase((db) =>
  db
    .select({
      catalogue: availabilityCatalogue.version,
      total: sql<number | string>`(select coalesce(sum(${availabilityVersions.version}), 0)
          from ${availabilityVersions}
          where ${availabilityVersions.instructorId} = any(${sql.placeholder("ids")}::uuid[]))`,
    })
    .from(availabilityCatalogue)
    .prepare("availability_version_total"),
);

/**
 * The catalogue's counter and the sum of the given instructors' counters (migration 0007). Counters
 * only grow, so for one set of instructors an unchanged sum means no counter moved.
 */
export async function readVersionTotal(
  db: Executor,
  instructorIds: readonly string[],
): Promise<{ catalogue: number; total: number }> {
  const [row] = await versionTotal(db).execute({ ids: [...instructorIds] });
  return { catalogue: Number(row?.catalogue ?? 0), total: Number(row?.total ?? 0) };
}

/** Each instructor's counter; one missing has never changed (0). */
export async function readInstructorVersions(
  db: Executor,
  instructorIds: readonly string[],
): Promise<Map<string, number>> {
  if (instructorIds.length === 0) return new Map();
  const rows = await db
    .select({ id: availabilityVersions.instructorId, version: availabilityVersions.version })
    .from(availabilityVersions)
    .where(inArray(availabilityVersions.instructorId, [...instructorIds]));
  return new Map(rows.map((r) => [r.id, Number(r.version)]));
}

/**
 * Like scheduleColumns' busy periods but independent of the clock, for the cache: every active-status
 * booking overlapping [from, to), with the instant a checkout hold lapses (null: it keeps its time until its
 * status changes). The caller applies rules/holds.ts at each request's own `now`.
 */
export async function listBookedPeriods(
  db: Executor,
  instructorIds: string[],
  from: Date,
  to: Date,
): Promise<Array<{ instructorId: string; periods: BookedPeriod[] }>> {
  const rows = await db
    .select({
      instructorId: bookings.instructorId,
      periods: sql<BookedPeriod[] | string>`json_agg(json_build_array(
        (extract(epoch from ${bookings.startTime}) * 1000)::float8,
        (extract(epoch from ${bookings.endTime}) * 1000)::float8,
        ${suburbIndexSql},
        case when ${bookings.status} = ${HELD_BOOKING_STATUS}
          then (extract(epoch from ${bookings.holdExpiresAt}) * 1000)::float8 end))`,
    })
    .from(bookings)
    .where(
      and(
        inArray(bookings.instructorId, instructorIds),
        lt(bookings.startTime, to),
        gt(bookings.endTime, from),
        gt(bookings.startTime, new Date(from.getTime() - DAY_MS)),
        inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
      ),
    )
    .groupBy(bookings.instructorId);
  return rows.map((r) => ({ instructorId: r.instructorId, periods: decodeJson(r.periods) }));
}
