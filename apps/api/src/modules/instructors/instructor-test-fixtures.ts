/**
 * Test data for the instructor, admin and calendar suites, written straight to the database: the student
 * booking API is not what these tests are about.
 */
import { randomUUID } from "node:crypto";
import { gstCents } from "@kerb/shared/rules";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { bookings, bundles, instructorProfiles, payments, users } from "../../db/schema/index.ts";
import { type api, instructorPayload, studentPayload } from "../../test/http.ts";

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

/** Registers an instructor through the API and verifies them directly; returns id and token. */
export async function newInstructor(http: Http, db: Database, overrides: Record<string, unknown> = {}) {
  const res = await http.post("/api/auth/register/instructor", instructorPayload(overrides));
  if (res.status !== 201) throw new Error(`register instructor: ${res.status} ${JSON.stringify(res.body)}`);
  const id: string = res.body.user.id;
  await db
    .update(instructorProfiles)
    // Listable: verified with both documents on record (the listing rule requires their expiry dates).
    .set({
      verificationStatus: "VERIFIED",
      verifiedAt: new Date(),
      licenseExpiresOn: "2099-12-31",
      wwcExpiresOn: "2099-12-31",
    })
    .where(eq(instructorProfiles.userId, id));
  return { id, token: res.body.accessToken as string, email: res.body.user.email as string };
}

export async function newStudent(http: Http, overrides: Record<string, unknown> = {}) {
  const res = await http.post("/api/auth/register/student", studentPayload(overrides));
  if (res.status !== 201) throw new Error(`register student: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.user.id as string, token: res.body.accessToken as string };
}

export async function insertPayment(
  db: Database,
  input: {
    userId: string;
    subtotalCents: number;
    status?: (typeof payments.$inferSelect)["status"];
    provider?: "demo" | "stripe";
    type?: "BUNDLE" | "BOOKINGS";
    paidAt?: Date | null;
    createdAt?: Date;
  },
) {
  const gst = gstCents(input.subtotalCents);
  const [row] = await db
    .insert(payments)
    .values({
      userId: input.userId,
      type: input.type ?? "BOOKINGS",
      status: input.status ?? "PAID",
      provider: input.provider ?? "demo",
      subtotalCents: input.subtotalCents,
      gstCents: gst,
      amountCents: input.subtotalCents + gst,
      invoiceNumber: `KRB-T-${randomUUID().slice(0, 13)}`,
      paidAt: input.paidAt === undefined ? (input.createdAt ?? new Date()) : input.paidAt,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning({ id: payments.id });
  if (!row) throw new Error("payment not inserted");
  return row.id;
}

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
  const price = input.pricePerLessonCents ?? 7000;
  const paymentId = await insertPayment(db, {
    userId: input.studentId,
    subtotalCents: price * input.totalLessons,
    type: "BUNDLE",
  });
  const [row] = await db
    .insert(bundles)
    .values({
      studentId: input.studentId,
      paymentId,
      totalLessons: input.totalLessons,
      usedLessons: input.usedLessons,
      pricePerLessonCents: price,
      instructorId: input.instructorId ?? null,
      suburb: input.suburb ?? null,
      expiresAt: input.expiresAt ?? addHours(new Date(), 24 * 365),
    })
    .returning({ id: bundles.id });
  if (!row) throw new Error("bundle not inserted");
  return { id: row.id, paymentId };
}

export async function insertLesson(
  db: Database,
  input: {
    studentId: string;
    instructorId: string;
    start: Date;
    minutes?: number;
    status?: BookingStatus;
    priceCents?: number;
    paymentId?: string | null;
    bundleId?: string | null;
    isPoolHours?: boolean;
    suburb?: string;
    pickupLocation?: string | null;
    completedAt?: Date | null;
  },
) {
  const [row] = await db
    .insert(bookings)
    .values({
      studentId: input.studentId,
      instructorId: input.instructorId,
      startTime: input.start,
      endTime: addMinutes(input.start, input.minutes ?? 60),
      status: input.status ?? "SCHEDULED",
      priceCents: input.priceCents ?? 8000,
      isPoolHours: input.isPoolHours ?? false,
      suburb: input.suburb ?? "Parramatta",
      pickupLocation: input.pickupLocation === undefined ? "12 Church St" : input.pickupLocation,
      paymentId: input.paymentId ?? null,
      bundleId: input.bundleId ?? null,
      completedAt: input.completedAt ?? null,
    })
    .returning({ id: bookings.id });
  if (!row) throw new Error("lesson not inserted");
  return row.id;
}

/** A SCHEDULED lesson paid by card (its own payment), returning both ids. */
export async function insertPaidLesson(
  db: Database,
  input: Omit<Parameters<typeof insertLesson>[1], "paymentId" | "bundleId">,
) {
  const priceCents = input.priceCents ?? 8000;
  const paymentId = await insertPayment(db, { userId: input.studentId, subtotalCents: priceCents });
  const id = await insertLesson(db, { ...input, priceCents, paymentId });
  return { id, paymentId };
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
