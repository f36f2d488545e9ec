/**
 * The test clock: where every API test app's clock starts, and the clock the database fixtures read.
 * No `vitest` import here: the e2e seeds import the fixtures (lesson-use-cases.ts) under plain tsx.
 *
 * The start is a fixed Monday 09:00 in Sydney, computed once per run (the global setup hands it to
 * every file), so "N weekdays ahead", "the next Tuesday" and "tomorrow at 10" mean the same on every
 * day the suite runs. Why a Monday of a coming week, not of the current one, nor a fixed date:
 * - Access tokens are signed at the app's clock (15 minutes) but jose checks their expiry against the
 *   real clock (plugins/auth.ts): a clock in the past would make every token expired on arrival. The
 *   start is always at least 9 hours ahead of real time (Sunday 23:59 → Monday 09:00), so tokens signed
 *   at it, or later, are valid for the whole run. A fixed calendar date would stop working once it passed.
 * - SQL `now()` defaults (createdAt, an outbox row's nextAttemptAt) are then hours or days behind the
 *   app's clock: what they write is "already due" by the app's clock, never "not yet". The product sets
 *   its own timestamps from ctx.now() wherever a test reads them.
 * - Holds expire by the app's clock (holdExpiryFrom(ctx.now())); the fixtures' holds are made at the
 *   app's clock too (fixtureNow below), so the sweep sees them as the app made them.
 * - The run's seeded database (snapshots.ts) is seeded at this start, so every file's app starts where
 *   its demo data was made, however old the snapshot is.
 * The Monday chosen also begins a quiet fortnight: no NSW public holiday (instructors are closed then)
 * and no daylight-saving change in the 14 days from it, so a test's next fortnight has five working days
 * a week and 24-hour days. Tests about holidays or DST set their own dates.
 *
 * TEST_CLOCK_START=YYYY-MM-DD, a Monday still to come, starts the run at 09:00 that day instead: to
 * rerun a failure in the week it happened (public holidays and DST changes included), or to try a week.
 * Suites count on the Monday (travel.integration.test.ts: "day 2 is a Wednesday").
 */
import { isNswPublicHoliday } from "@kerb/shared/holidays";
import { addDaysToDate, sydneyTodayDate, sydneyWallTimeToInstant, sydneyWeekday } from "@kerb/shared/rules";

const DAY_MS = 86_400_000;
const QUIET_DAYS = 14;

function sydneyMorning(date: string): Date {
  const instant = sydneyWallTimeToInstant(date, 9 * 60);
  if (!instant) throw new Error(`no 09:00 in Sydney on ${date}`);
  return instant;
}

/** No public holiday and no DST change (every day 24 hours) in the QUIET_DAYS from `monday`. */
function isQuietFortnight(monday: string): boolean {
  for (let i = 0; i < QUIET_DAYS; i++) {
    const date = addDaysToDate(monday, i);
    if (isNswPublicHoliday(date)) return false;
    const dayMs = sydneyMorning(addDaysToDate(date, 1)).getTime() - sydneyMorning(date).getTime();
    if (dayMs !== DAY_MS) return false;
  }
  return true;
}

/**
 * The test clock's start for a run begun at `realNow`: 09:00 Sydney on the Monday of next week (Sydney
 * weeks run Monday to Sunday), or of the first week after it that begins a quiet fortnight.
 */
export function testClockStartFor(realNow: Date): Date {
  const today = sydneyTodayDate(realNow);
  const daysSinceMonday = (sydneyWeekday(today) + 6) % 7;
  let monday = addDaysToDate(today, 7 - daysSinceMonday);
  while (!isQuietFortnight(monday)) monday = addDaysToDate(monday, 7);
  return sydneyMorning(monday);
}

/** This run's start: 09:00 Sydney on the Monday TEST_CLOCK_START names if set, else testClockStartFor(now). */
export function computeTestClockStart(realNow = new Date()): Date {
  const monday = process.env.TEST_CLOCK_START;
  if (!monday) return testClockStartFor(realNow);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(monday) || sydneyWeekday(monday) !== 1)
    throw new Error(`TEST_CLOCK_START must be the date of a Monday (YYYY-MM-DD): ${monday}`);
  const start = sydneyMorning(monday);
  if (start.getTime() <= realNow.getTime())
    throw new Error("TEST_CLOCK_START must be still to come: access tokens expire by the real clock");
  return start;
}

/**
 * The clocks of the test apps alive in this process, by their database (the drizzle instance a fixture
 * is handed): a fixture writes at its app's "now", not the real one (a week or so behind it).
 */
const clocks = new WeakMap<object, () => Date>();

export function registerFixtureClock(db: object, now: () => Date): void {
  clocks.set(db, now);
}

/**
 * "Now" for a fixture writing to `db`: its test app's clock, or real time for a database no test app
 * owns (the e2e seeds write at real time, as the server they seed for runs on it).
 */
export function fixtureNow(db: object): Date {
  return clocks.get(db)?.() ?? new Date();
}
