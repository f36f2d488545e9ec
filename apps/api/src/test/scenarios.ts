/**
 * The people a test starts from, in one line each, instead of the register / sign-in / book / pay
 * preamble every suite used to write out: an admin, a student, a student with a paid lesson, a guardian
 * of a student, an instructor who teaches. Built on the API as a client would call it (registration,
 * sign-in, slot search, checkout) and on the existing fixtures (booking-fixtures.ts,
 * instructor-test-fixtures.ts, student-lesson-fixtures.ts); `t` is the file's test app, and its clock
 * is "now". What a test is about it still does itself, with its own assertions.
 */
import { addDaysToDate, sydneyDateOf } from "@kerb/shared/rules";
import { eq } from "drizzle-orm";
import { guardianLinks } from "../db/schema/index.ts";
import { newOpaqueToken } from "../modules/auth/index.ts";
import { type ListedSlot, listSlots, payForSlots, registerStudent } from "./booking-fixtures.ts";
import { newInstructor, userIdByEmail } from "./fixtures/instructor-fixtures.ts";
import { api } from "./http.ts";
import type { TestApp } from "./test-app.ts";

type App = Pick<TestApp, "app" | "database" | "clock">;

/** Someone signed in: their user id, email and access token. */
export interface Actor {
  id: string;
  email: string;
  token: string;
}

/** A student as the registration answered (`accessToken`, `user`), for the booking fixtures, and as an Actor. */
export interface Student extends Actor {
  accessToken: string;
  refreshToken: string;
  user: { id: string; email: string };
}

/** A lesson the student booked and paid for (demo payments) through the checkout. */
export interface PaidLesson {
  id: string;
  paymentId: string;
  /** The slot as the search listed it. */
  slot: ListedSlot;
  start: Date;
  /** The payment's total in dollars, GST included. */
  amount: number;
}

async function signIn(t: App, email: string, password?: string): Promise<Actor> {
  const session = await api(t.app).login(email, password);
  return { id: session.user.id, email, token: session.accessToken };
}

/** The demo admin (seeded apps only), signed in. */
export function anAdmin(t: App): Promise<Actor> {
  return signIn(t, "admin@demo.test");
}

/** The demo instructor (seeded apps only), signed in: verified, teaching Parramatta and Sydney CBD on weekdays. */
export function theDemoInstructor(t: App): Promise<Actor> {
  return signIn(t, "instructor@demo.test");
}

/**
 * A new student, registered through the API and signed in: Lee Learner of Sydney CBD, automatic, never
 * driven, unless `overrides` (registration fields) say otherwise.
 */
export async function aStudent(t: App, overrides: Record<string, unknown> = {}): Promise<Student> {
  const registered = (await registerStudent(api(t.app), overrides)) as {
    accessToken: string;
    refreshToken: string;
    user: { id: string; email: string };
  };
  return {
    ...registered,
    id: registered.user.id,
    email: registered.user.email,
    token: registered.accessToken,
  };
}

/**
 * A new instructor registered through the API, verified (both documents on record), with an ABN, and
 * teaching `suburbs` (default Sydney CBD) on Monday–Friday from 09:00 to 17:00, set through their own
 * weekly-hours API: listed, and bookable by aStudent.
 */
export async function anInstructor(
  t: App,
  options: { suburbs?: string[]; overrides?: Record<string, unknown> } = {},
): Promise<Actor> {
  const http = api(t.app);
  const instructor = await newInstructor(http, t.database.db, {
    suburbs: options.suburbs ?? ["Sydney CBD"],
    ...options.overrides,
  });
  const weekly = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ start: "09:00", end: "17:00" }] }));
  const hours = await http.put("/api/instructor/availability/weekly", { weekly }, instructor.token);
  if (hours.status !== 200) throw new Error(`weekly hours: ${hours.status} ${JSON.stringify(hours.body)}`);
  return instructor;
}

const HOUR_MS = 3_600_000;
/** How many days on from the first one aStudentWithPaidLesson looks for a free slot. */
const SEARCH_DAYS = 14;

/**
 * A student who booked and paid (demo payments) one lesson through the checkout, with the instructor
 * (default: the demo instructor, seeded apps only): the first free standard slot (or pool slot, with
 * `pool`) starting at least `hoursAhead` hours after the app's clock, or the first one on `date`.
 * `student` books for an existing student rather than a new one.
 */
export async function aStudentWithPaidLesson(
  t: App,
  options: ({ hoursAhead: number; date?: never } | { date: string; hoursAhead?: never }) & {
    instructor?: { id: string } | string;
    pool?: boolean;
    student?: Student;
  },
): Promise<{ student: Student; lesson: PaidLesson; date: string }> {
  const http = api(t.app);
  const student = options.student ?? (await aStudent(t));
  const instructorId =
    typeof options.instructor === "string"
      ? options.instructor
      : (options.instructor?.id ?? (await userIdByEmail(t.database.db, "instructor@demo.test")));
  const pool = options.pool ?? false;
  const earliest =
    options.hoursAhead === undefined
      ? undefined
      : new Date(t.clock.now.getTime() + options.hoursAhead * HOUR_MS);
  const first = options.date ?? sydneyDateOf(earliest ?? t.clock.now);
  const days = options.date === undefined ? SEARCH_DAYS : 1;
  for (let day = 0; day < days; day++) {
    const date = addDaysToDate(first, day);
    const slot = (await listSlots(http, student.accessToken, { date, instructorId })).find(
      (s) => s.isPoolHours === pool && (!earliest || new Date(s.startTime) >= earliest),
    );
    if (!slot) continue;
    const paid = await payForSlots(http, student.accessToken, [slot]);
    const [booked] = paid.lessons;
    if (!booked) throw new Error("the checkout booked no lesson");
    const lesson = {
      id: booked.id,
      paymentId: paid.paymentId,
      slot,
      start: new Date(booked.startTime),
      amount: paid.amount,
    };
    return { student, lesson, date };
  }
  throw new Error(`no free ${pool ? "pool" : "standard"} slot with ${instructorId} from ${first}`);
}

/**
 * A guardian following `student`: invited by the student through the API, and accepting with a new
 * guardian account. The invitation's link is emailed with a token only the email holds; the scenario
 * gives the invitation a token of its own (its hash, as the invitation stores it) and accepts with that.
 */
export async function aGuardianOf(
  t: App,
  student: { accessToken: string },
  options: { email?: string; copyEmails?: boolean; firstName?: string } = {},
): Promise<Actor & { linkId: string }> {
  const http = api(t.app);
  const email = options.email ?? `guardian.${Math.random().toString(36).slice(2, 10)}@example.com`;
  const invited = await http.post(
    "/api/student/guardians",
    { email, copyEmails: options.copyEmails ?? false },
    student.accessToken,
  );
  if (invited.status !== 201) throw new Error(`invite: ${invited.status} ${JSON.stringify(invited.body)}`);
  const link = (invited.body.guardians as Array<{ id: string; email: string }>).find(
    (g) => g.email.toLowerCase() === email.toLowerCase(),
  );
  if (!link) throw new Error(`no invitation to ${email}`);
  const { token, hash } = newOpaqueToken();
  await t.database.db.update(guardianLinks).set({ tokenHash: hash }).where(eq(guardianLinks.id, link.id));
  const password = "guardian-pass-1";
  const accepted = await http.post("/api/guardian/invitations/accept", {
    token,
    firstName: options.firstName ?? "Pat",
    lastName: "Parent",
    password,
    confirmPassword: password,
    acceptTerms: true,
  });
  if (accepted.status !== 201) throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return { id: accepted.body.user.id, email, token: accepted.body.accessToken, linkId: link.id };
}
