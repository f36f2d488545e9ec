/**
 * The seed's way into the API: a throwaway app whose clock the seed moves, and the calls a learner makes
 * to book and pay, shared by the demo histories (seed-history.ts, seed-test-day.ts).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isNswWorkingDay } from "@kerb/shared/holidays";
import { addDaysToDate, sydneyWallTimeToInstant } from "@kerb/shared/rules";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { loadEnv } from "../env.ts";
import { signAccessToken } from "../lib/access-token.ts";

export interface SeedPerson {
  id: string;
  role: "STUDENT" | "INSTRUCTOR" | "ADMIN";
}

export interface ReviewPlan {
  reviewer: SeedPerson;
  instructor: SeedPerson & { suburb: string };
  rating: number;
  comment: string | null;
}

export interface Slot {
  startTime: string;
  endTime: string;
  instructorId: string | null;
  price: number;
  isPoolHours: boolean;
}

export const HOUR_MS = 3_600_000;
export const addHours = (d: Date, hours: number) => new Date(d.getTime() + hours * HOUR_MS);

/** The first working day on or after `date` (the demo instructors teach then: decision 028). */
export function weekdayFrom(date: string): string {
  let d = date;
  while (!isNswWorkingDay(d)) d = addDaysToDate(d, 1);
  return d;
}

export function at(date: string, hour: number): Date {
  const instant = sydneyWallTimeToInstant(date, hour * 60);
  if (!instant) throw new Error(`seed: no ${hour}:00 on ${date}`);
  return instant;
}

/** A throwaway app on the seeded database whose clock the seed moves; nothing runs on a timer. */
export async function historyApp(database: DatabaseHandle, clock: { now: Date }) {
  const dataDir = mkdtempSync(join(tmpdir(), "kerb-seed-"));
  const secret = randomBytes(32).toString("base64url");
  const env = loadEnv({
    NODE_ENV: "development",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    JWT_SECRET: secret,
    PAYMENT_PROVIDER: "demo",
    RATE_LIMIT_MAX: "1000000",
    AUTH_RATE_LIMIT_MAX: "1000000",
    HOLD_SWEEP_INTERVAL_SECONDS: "0",
    REFUND_RETRY_INTERVAL_SECONDS: "0",
    COMPLIANCE_SCAN_INTERVAL_SECONDS: "0",
    PAYOUT_RUN_INTERVAL_SECONDS: "0",
    OUTBOX_INTERVAL_SECONDS: "0",
    NOTIFICATION_SCAN_INTERVAL_SECONDS: "0",
    TIME_ALERT_SCAN_INTERVAL_SECONDS: "0",
  });
  const app = await buildApp({ env, database, now: () => clock.now, logger: false });
  await app.ready();
  const auth = {
    secret: new TextEncoder().encode(secret),
    issuer: env.JWT_ISSUER,
    audience: env.JWT_AUDIENCE,
  };
  const tokens = new Map<string, string>();
  // Signed at real time: a token dated in the seed's past would already have expired.
  const tokenOf = async (person: SeedPerson) => {
    let token = tokens.get(person.id);
    if (!token) {
      ({ token } = await signAccessToken(
        { ...auth, accessTtlSeconds: 3600 },
        { id: person.id, role: person.role, tokenVersion: 0 },
      ));
      tokens.set(person.id, token);
    }
    return token;
  };
  return {
    async call<T>(person: SeedPerson, method: "GET" | "POST", url: string, payload?: object): Promise<T> {
      const res = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${await tokenOf(person)}` },
        ...(payload ? { payload } : {}),
      });
      if (res.statusCode >= 300)
        throw new Error(`seed: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
      return res.json() as T;
    },
    async close() {
      await (app as FastifyInstance).close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type HistoryApi = Awaited<ReturnType<typeof historyApp>>;
export type Lesson = { id: string; startTime: string; endTime: string; instructor: { id: string } };

export async function payForLessons(
  api: HistoryApi,
  student: SeedPerson,
  suburb: string,
  slots: Slot[],
  pickup: string,
) {
  const held = await api.call<{ payment: { id: string } }>(student, "POST", "/api/student/bookings/batch", {
    suburb,
    bookings: slots.map((s) => ({
      instructorId: s.instructorId,
      startTime: s.startTime,
      endTime: s.endTime,
      price: s.price,
      isPoolHours: s.isPoolHours,
      pickupLocation: pickup,
    })),
  });
  const paid = await api.call<{ payment: { lessons: Lesson[] } }>(
    student,
    "POST",
    `/api/student/bookings/batch/confirm/${held.payment.id}`,
  );
  return paid.payment.lessons;
}
