/**
 * The plan of a driving-test package (issue 33): everything is worked back from the test time the learner
 * booked with Service NSW. The learner is at the centre TEST_PACKAGE_ARRIVAL_MARGIN_MINUTES before the
 * test; before that comes the drive from the pick-up and, when the pack includes it, the warm-up lesson
 * (taught from the pick-up); after the test the instructor drives the learner back. The instructor's whole
 * block [pickupAt, dropOffAt) is one lesson record at the pick-up suburb, so the availability engine's
 * travel rule sees where the instructor starts and ends.
 *
 * Arithmetic is on instants, never on wall-clock minutes: a block across a daylight-saving change is as
 * long as its parts, and only its wall-clock reading jumps.
 */
import {
  BOOKING_HORIZON_DAYS,
  type Suburb,
  TEST_PACKAGE_ARRIVAL_MARGIN_MINUTES,
  TEST_PACKAGE_TEST_MINUTES,
  TEST_PACKAGE_WARM_UP_MINUTES,
} from "../constants.ts";
import { addDaysToDate, sydneyDateOf } from "./sydney-time.ts";
import { type TestCentreId, testCentreDrive } from "./test-centres.ts";

const MINUTE_MS = 60_000;

export interface TestPackPlanInput {
  testAt: Date;
  pickup: Suburb;
  centreId: TestCentreId;
  includesWarmUp: boolean;
}

export interface TimeSpan {
  start: Date;
  end: Date;
}

export interface TestPackPlan {
  /** The instructor's block starts here, at the pick-up. */
  pickupAt: Date;
  /** [pickupAt, pickupAt + 60 min) when the pack includes it. */
  warmUp: TimeSpan | null;
  /** When the learner is at the centre: the arrival margin before the test. */
  arriveBy: Date;
  test: TimeSpan;
  /** Back at the pick-up: the block ends here. */
  dropOffAt: Date;
  toCentreMinutes: number;
  fromCentreMinutes: number;
}

const plus = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * MINUTE_MS);

/** The pack's plan from the test time, the pick-up suburb, the centre and whether a warm-up comes first. */
export function planTestPack(input: TestPackPlanInput): TestPackPlan {
  const { toCentreMinutes, fromCentreMinutes } = testCentreDrive(input.pickup, input.centreId);
  const arriveBy = plus(input.testAt, -TEST_PACKAGE_ARRIVAL_MARGIN_MINUTES);
  const leaveAt = plus(arriveBy, -toCentreMinutes);
  const pickupAt = input.includesWarmUp ? plus(leaveAt, -TEST_PACKAGE_WARM_UP_MINUTES) : leaveAt;
  const testEnd = plus(input.testAt, TEST_PACKAGE_TEST_MINUTES);
  return {
    pickupAt,
    warmUp: input.includesWarmUp ? { start: pickupAt, end: leaveAt } : null,
    arriveBy,
    test: { start: input.testAt, end: testEnd },
    dropOffAt: plus(testEnd, fromCentreMinutes),
    toCentreMinutes,
    fromCentreMinutes,
  };
}

/** How long the instructor's block is, in minutes. */
export function testPackBlockMinutes(plan: Pick<TestPackPlan, "pickupAt" | "dropOffAt">): number {
  return (plan.dropOffAt.getTime() - plan.pickupAt.getTime()) / MINUTE_MS;
}

/**
 * The first Sydney date a pack for a test at `testAt` can be booked: the booking horizon (30 days) back
 * from the test's date, as the instructor's calendar opens for lessons. The pick-up is on the test's day.
 */
export function testPackBookableFrom(testAt: Date): string {
  return addDaysToDate(sydneyDateOf(testAt), -BOOKING_HORIZON_DAYS);
}
