import { isNswWorkingDay } from "@kerb/shared/holidays";
import { addDaysToDate, sydneyTodayDate } from "@kerb/shared/rules";
import { expect } from "vitest";
import type { api } from "./http.ts";
import { studentPayload } from "./http.ts";

type Http = ReturnType<typeof api>;

export interface ListedSlot {
  startTime: string;
  endTime: string;
  instructorId: string | null;
  instructorName: string;
  price: number;
  isPoolHours: boolean;
}

/**
 * The first Monday–Friday at least `daysAhead` days after `now` (Sydney calendar) that is not an NSW
 * public holiday: instructors are closed on those unless they opt in (decision 028).
 */
export function weekdayAhead(now: Date, daysAhead = 3): string {
  let date = addDaysToDate(sydneyTodayDate(now), daysAhead);
  while (!isNswWorkingDay(date)) date = addDaysToDate(date, 1);
  return date;
}

/**
 * Hands out a weekday of its own to each call, from a week after `base()` on (weekdayAhead maps a
 * weekend onto the next Monday): after the seeded demo lessons (4 to 6 days ahead), so tests sharing an
 * app never book the same day. `base` is read at each call, as the app starts after this is made.
 */
export function freshWeekdays(base: () => Date): () => string {
  const usedDates = new Set<string>();
  return () => {
    let days = 7;
    while (usedDates.has(weekdayAhead(base(), days))) days += 1;
    const date = weekdayAhead(base(), days);
    usedDates.add(date);
    return date;
  };
}

export async function registerStudent(http: Http, overrides: Record<string, unknown> = {}) {
  const res = await http.post(
    "/api/auth/register/student",
    studentPayload({ suburb: "Sydney CBD", ...overrides }),
  );
  if (res.status !== 201) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return res.body as { accessToken: string; user: { id: string } };
}

export async function listSlots(
  http: Http,
  token: string,
  query: {
    date: string;
    suburb?: string;
    instructorId?: string;
    poolHoursOnly?: boolean;
    lessonMinutes?: number;
  },
): Promise<ListedSlot[]> {
  const params = new URLSearchParams({
    suburb: query.suburb ?? "Sydney CBD",
    startDate: query.date,
    endDate: query.date,
    ...(query.instructorId ? { instructorId: query.instructorId } : {}),
    ...(query.poolHoursOnly ? { poolHoursOnly: "true" } : {}),
    ...(query.lessonMinutes ? { lessonMinutes: String(query.lessonMinutes) } : {}),
  });
  const res = await http.get(`/api/student/slots?${params}`, token);
  if (res.status !== 200) throw new Error(`slots failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export function asBooking(slot: ListedSlot, overrides: Record<string, unknown> = {}) {
  return {
    instructorId: slot.instructorId,
    startTime: slot.startTime,
    endTime: slot.endTime,
    price: slot.price,
    isPoolHours: slot.isPoolHours,
    pickupLocation: "1 Martin Place",
    ...overrides,
  };
}

/**
 * A student's unpaid checkout of one lesson with the instructor on the date (the first free slot, or
 * the first standard / pool one when `pool` says which): the slot is held until they pay or let go.
 */
export async function holdLesson(
  http: Http,
  token: string,
  query: { date: string; instructorId: string; pool?: boolean },
) {
  const slots = await listSlots(http, token, { date: query.date, instructorId: query.instructorId });
  const slot = query.pool === undefined ? slots[0] : slots.find((s) => s.isPoolHours === query.pool);
  if (!slot) throw new Error(`no free slot on ${query.date}`);
  const res = await http.post("/api/student/bookings/batch", { bookings: [asBooking(slot)] }, token);
  expect(res.status).toBe(201);
  return { paymentId: res.body.payment.id as string, slot };
}

export type PaidLesson = { id: string; startTime: string; endTime: string; price: number };

/** A checkout of `slots` that the student holds and pays in demo mode: its payment and lessons. */
export async function payForSlots(http: Http, token: string, slots: ListedSlot[]) {
  const held = await http.post(
    "/api/student/bookings/batch",
    { bookings: slots.map((s) => asBooking(s)) },
    token,
  );
  expect(held.status).toBe(201);
  const paymentId: string = held.body.payment.id;
  const confirm = await http.post(`/api/student/bookings/batch/confirm/${paymentId}`, undefined, token);
  expect(confirm.status).toBe(200);
  return {
    paymentId,
    amount: confirm.body.payment.amount as number,
    lessons: confirm.body.payment.lessons as PaidLesson[],
  };
}

/** A 10-lesson bundle ($70 a lesson) with the instructor, bought and paid in demo mode. */
export async function buyBundle(http: Http, token: string, input: { instructorId: string; suburb: string }) {
  const purchase = await http.post(
    "/api/student/bundles/purchase",
    { totalLessons: 10, pricePerLesson: 70, ...input },
    token,
  );
  expect(purchase.status).toBe(201);
  const paymentId: string = purchase.body.payment.id;
  expect((await http.post(`/api/student/bundles/confirm/${paymentId}`, undefined, token)).status).toBe(200);
  const profile = await http.get("/api/student/profile", token);
  return { bundleId: profile.body.bundles[0].id as string, paymentId };
}
