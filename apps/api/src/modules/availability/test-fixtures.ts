/**
 * Test-only data builders for availability scenarios, without HTTP. Lessons are made by the lessons
 * module's writers (test/lesson-use-cases.ts). Accounts, instructor profiles, weekly hours and
 * exceptions are still inserted directly: their only writers take what registration and the
 * instructor's settings pages send (a profile is created PENDING with registration's fields, hours are
 * replaced a week at a time), so one fixture instructor would take five profile writes and the hours'
 * replace, for columns (rating, suspension, far-off document dates) no use case sets in one go; the
 * query-count suite alone makes 33 of them.
 */
import { randomUUID } from "node:crypto";
import { sydneyWallTimeToInstant } from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import {
  availabilityExceptions,
  availabilityRules,
  instructorProfiles,
  users,
} from "../../db/schema/index.ts";
import { fixtureTransact, lessonInStatus } from "../../test/lesson-use-cases.ts";

export interface TestInstructor {
  firstName?: string;
  lastName?: string;
  suburbs: string[];
  rateCents?: number;
  poolOptIn?: boolean;
  rating?: number | null;
  languages?: string[];
  bio?: string;
  vehicleType?: "AUTOMATIC" | "MANUAL" | "BOTH";
  verificationStatus?: "PENDING" | "VERIFIED" | "REJECTED";
  licenseExpiresOn?: string | null;
  wwcExpiresOn?: string | null;
  /** The account is suspended by an admin (never listed). */
  suspended?: boolean;
  /** Scheduling settings (defaults: the columns' own). */
  travelBufferMinutes?: number;
  minNoticeHours?: number;
  dailyLessonCap?: number | null;
  teachesPublicHolidays?: boolean;
  /** [weekday, "HH:MM", "HH:MM"] */
  rules?: Array<[number, string, string]>;
  exceptions?: Array<{ date: string; kind: "CLOSED" | "OPEN"; from?: string; to?: string }>;
}

/** Expiry date of fixture instructors' licence and WWC check: far enough away to never matter. */
export const FIXTURE_DOCUMENT_EXPIRY = "2099-12-31";

export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** The instant Sydney's wall clock shows `date` `hh:mm`. */
export function sydneyAt(date: string, hhmm: string): Date {
  const instant = sydneyWallTimeToInstant(date, minutesOf(hhmm));
  if (!instant) throw new Error(`${date} ${hhmm} does not exist in Sydney`);
  return instant;
}

export async function insertInstructor(db: Executor, o: TestInstructor): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({
    id,
    email: `fixture.${id}@example.test`,
    passwordHash: "not-a-real-hash",
    role: "INSTRUCTOR",
    firstName: o.firstName ?? "Fiona",
    lastName: o.lastName ?? `Fixture${id.slice(0, 4)}`,
    ...(o.suspended ? { suspendedAt: new Date("2026-01-01T00:00:00Z"), suspendedReason: "Fixture" } : {}),
  });
  await db.insert(instructorProfiles).values({
    userId: id,
    // Six digits, the shape rules/contact-formats.ts accepts.
    licenseNumber: String(Number.parseInt(id.slice(0, 8), 16) % 1_000_000).padStart(6, "0"),
    vehicleType: o.vehicleType ?? "AUTOMATIC",
    standardRateCents: o.rateCents ?? 8000,
    poolOptIn: o.poolOptIn ?? true,
    gender: "FEMALE",
    bio: o.bio ?? "Calm lessons.",
    languages: o.languages ?? ["English"],
    suburbs: o.suburbs,
    verificationStatus: o.verificationStatus ?? "VERIFIED",
    // Listable by default: both documents on record and valid for years (pass null to leave one out).
    licenseExpiresOn: o.licenseExpiresOn === undefined ? FIXTURE_DOCUMENT_EXPIRY : o.licenseExpiresOn,
    wwcExpiresOn: o.wwcExpiresOn === undefined ? FIXTURE_DOCUMENT_EXPIRY : o.wwcExpiresOn,
    ratingAverage: o.rating ?? null,
    ratingCount: o.rating == null ? 0 : 10,
    ...(o.travelBufferMinutes === undefined ? {} : { travelBufferMinutes: o.travelBufferMinutes }),
    ...(o.minNoticeHours === undefined ? {} : { minNoticeHours: o.minNoticeHours }),
    ...(o.dailyLessonCap === undefined ? {} : { dailyLessonCap: o.dailyLessonCap }),
    ...(o.teachesPublicHolidays === undefined ? {} : { teachesPublicHolidays: o.teachesPublicHolidays }),
  });
  if (o.rules?.length) {
    await db.insert(availabilityRules).values(
      o.rules.map(([weekday, from, to]) => ({
        instructorId: id,
        weekday,
        startMinute: minutesOf(from),
        endMinute: minutesOf(to),
      })),
    );
  }
  if (o.exceptions?.length) {
    await db.insert(availabilityExceptions).values(
      o.exceptions.map((e) => ({
        instructorId: id,
        date: e.date,
        kind: e.kind,
        startMinute: e.from === undefined ? null : minutesOf(e.from),
        endMinute: e.to === undefined ? null : minutesOf(e.to),
      })),
    );
  }
  return id;
}

/** A lesson of the instructor's at `start`, unpaid, in `status` (see test/lesson-use-cases.ts). */
export async function insertBooking(
  db: Executor,
  b: {
    studentId: string;
    instructorId: string;
    start: Date;
    minutes?: number;
    status: "PENDING_PAYMENT" | "SCHEDULED" | "CANCELLED" | "EXPIRED" | "COMPLETED";
    holdExpiresAt?: Date;
    /** Where the lesson is (default Penrith): travel to and from it counts. */
    suburb?: string;
  },
): Promise<void> {
  const lesson = {
    studentId: b.studentId,
    instructorId: b.instructorId,
    start: b.start,
    minutes: b.minutes ?? 60,
    priceCents: 8000,
    suburb: b.suburb ?? "Penrith",
    pickupLocation: null,
    ...(b.holdExpiresAt ? { holdExpiresAt: b.holdExpiresAt } : {}),
  };
  await fixtureTransact(db)((uow) => lessonInStatus(uow, lesson, { status: b.status }));
}
