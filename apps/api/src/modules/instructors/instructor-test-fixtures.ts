/**
 * Test data for the instructor, admin and calendar suites. Lessons, payments and bundles are made by
 * the product's use cases without HTTP (test/lesson-use-cases.ts), so their journals and earnings are
 * the product's; accounts register through the API (the student booking API is not what these tests
 * are about).
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { bookings, bundles, payments, users } from "../../db/schema/index.ts";
import { type api, instructorPayload, studentPayload } from "../../test/http.ts";
import {
  boughtBundle,
  cardPaidLesson,
  type FixtureLesson,
  fixtureTransact,
  lessonInStatus,
} from "../../test/lesson-use-cases.ts";
import { fixtureNow } from "../../test/test-clock.ts";
import { updateInstructorCompliance, updatePayoutDetails } from "./instructors.writes.ts";

type Http = ReturnType<typeof api>;
type BookingStatus = (typeof bookings.$inferSelect)["status"];

export const HOUR_MS = 3_600_000;
export const addHours = (d: Date, hours: number) => new Date(d.getTime() + hours * HOUR_MS);
export const addMinutes = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);

export async function userIdByEmail(db: Database, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Registers an instructor through the API and verifies them with the profile's compliance writer; returns id and token. */
/** The ATO's example ABN (valid checksum): fixture instructors have one, so payout runs pay them. */
export const FIXTURE_ABN = "51824753556";

export async function newInstructor(
  http: Http,
  db: Database,
  overrides: Record<string, unknown> = {},
  payoutDetails: { abn: string | null; gstRegistered: boolean } = { abn: FIXTURE_ABN, gstRegistered: false },
) {
  const res = await http.post("/api/auth/register/instructor", instructorPayload(overrides));
  if (res.status !== 201) throw new Error(`register instructor: ${res.status} ${JSON.stringify(res.body)}`);
  const id: string = res.body.user.id;
  // Listable: verified with both documents on record (the listing rule requires their expiry dates).
  await updateInstructorCompliance(db, id, {
    verificationStatus: "VERIFIED",
    verifiedAt: fixtureNow(db),
    licenseExpiresOn: "2099-12-31",
    wwcExpiresOn: "2099-12-31",
  });
  // Without a valid ABN nothing is paid out (decision 030); an ABN-less instructor asks for abn: null.
  await updatePayoutDetails(db, id, payoutDetails);
  return { id, token: res.body.accessToken as string, email: res.body.user.email as string };
}

export async function newStudent(http: Http, overrides: Record<string, unknown> = {}) {
  const res = await http.post("/api/auth/register/student", studentPayload(overrides));
  if (res.status !== 201) throw new Error(`register student: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.user.id as string, token: res.body.accessToken as string };
}

/** Far enough ahead to never lapse or matter: fixture bundles are spent, not expired. */
const BUNDLE_YEAR_MS = 365 * 24 * HOUR_MS;

/** A bundle bought through the bundle checkout, `usedLessons` of its credits already spent. */
export async function insertBundle(
  db: Database,
  input: {
    studentId: string;
    totalLessons: number;
    usedLessons: number;
    pricePerLessonCents?: number;
    instructorId?: string | null;
    suburb?: string | null;
    expiresAt?: Date;
  },
) {
  const now = fixtureNow(db);
  return fixtureTransact(db)((uow) =>
    boughtBundle(uow, {
      studentId: input.studentId,
      totalLessons: input.totalLessons,
      usedLessons: input.usedLessons,
      pricePerLessonCents: input.pricePerLessonCents ?? 7000,
      instructorId: input.instructorId ?? null,
      suburb: input.suburb ?? null,
      expiresAt: input.expiresAt ?? new Date(now.getTime() + BUNDLE_YEAR_MS),
      paidAt: now,
    }),
  );
}

type LessonInput = {
  studentId: string;
  instructorId: string;
  start: Date;
  minutes?: number;
  status?: BookingStatus;
  priceCents?: number;
  bundleId?: string | null;
  isPoolHours?: boolean;
  suburb?: string;
  pickupLocation?: string | null;
  /** When the instructor marked it (COMPLETED or NO_SHOW); never before it ended. */
  completedAt?: Date | null;
};

const fixtureLesson = (input: LessonInput): FixtureLesson => ({
  studentId: input.studentId,
  instructorId: input.instructorId,
  start: input.start,
  minutes: input.minutes ?? 60,
  priceCents: input.priceCents ?? 8000,
  isPoolHours: input.isPoolHours ?? false,
  suburb: input.suburb ?? "Parramatta",
  pickupLocation: input.pickupLocation === undefined ? "12 Church St" : input.pickupLocation,
  bundleId: input.bundleId ?? null,
});

/**
 * A lesson in any status, unpaid unless it spends a bundle's credit (`bundleId`; the caller counts the
 * credit in the bundle's `usedLessons`). PENDING_PAYMENT and EXPIRED lessons are a card checkout's
 * hold (lapsed and released by the sweep for EXPIRED), so they have a payment.
 */
export async function insertLesson(db: Database, input: LessonInput) {
  return fixtureTransact(db)((uow) =>
    lessonInStatus(uow, fixtureLesson(input), {
      ...(input.status ? { status: input.status } : {}),
      markedAt: input.completedAt ?? null,
    }),
  );
}

/** A card-paid lesson (its own payment, through the checkout's hold and fulfilment), returning both ids. */
export async function insertPaidLesson(
  db: Database,
  input: Omit<LessonInput, "bundleId" | "status"> & {
    status?: "SCHEDULED" | "COMPLETED" | "NO_SHOW" | "CANCELLED";
    provider?: "demo" | "stripe";
    paidAt?: Date;
    /** For CANCELLED: how long before its start the student cancelled it (default: the full-refund tier). */
    cancelledHoursBefore?: number;
  },
) {
  const lesson = fixtureLesson(input);
  const paid = await fixtureTransact(db)((uow) =>
    cardPaidLesson(uow, {
      ...lesson,
      paidAt: input.paidAt ?? fixtureNow(db),
      status: input.status ?? "SCHEDULED",
      markedAt: input.completedAt ?? null,
      ...(input.provider ? { provider: input.provider } : {}),
      ...(input.cancelledHoursBefore === undefined
        ? {}
        : { cancelledHoursBefore: input.cancelledHoursBefore }),
    }),
  );
  return { id: paid.lessonId, paymentId: paid.paymentId };
}

export async function readBooking(db: Database, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error(`no booking ${id}`);
  return row;
}

export async function readPayment(db: Database, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new Error(`no payment ${id}`);
  return row;
}

export async function readBundle(db: Database, id: string) {
  const [row] = await db.select().from(bundles).where(eq(bundles.id, id));
  if (!row) throw new Error(`no bundle ${id}`);
  return row;
}
