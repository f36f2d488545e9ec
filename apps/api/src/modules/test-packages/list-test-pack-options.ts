import { BOOKING_HORIZON_DAYS, SUBURBS, type TestPackOptions, type testPackOptionsQuery } from "@kerb/shared";
import {
  centsToDollars,
  consumerPriceCents,
  findSuburb,
  findTestCentre,
  formatConsumerPrice,
  formatIsoDate,
  formatSydneyDate,
  planTestPack,
  sydneyTodayDate,
  type TestCentreId,
  type TestPackPlan,
  testPackBookableFrom,
  unknownSuburbMessage,
} from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { blockRefusals } from "../availability/index.ts";
import { findStudentForCheckout } from "../students/index.ts";
import { centreSummaries } from "./offer-view.ts";
import { listOffersAtCentre } from "./test-packages.repository.ts";

type OptionsQuery = z.output<typeof testPackOptionsQuery>;

const iso = (instant: Date) => instant.toISOString();

export function planView(plan: TestPackPlan): TestPackOptions["options"][number]["plan"] {
  return {
    pickupAt: iso(plan.pickupAt),
    warmUp: plan.warmUp ? { start: iso(plan.warmUp.start), end: iso(plan.warmUp.end) } : null,
    arriveBy: iso(plan.arriveBy),
    test: { start: iso(plan.test.start), end: iso(plan.test.end) },
    dropOffAt: iso(plan.dropOffAt),
    toCentreMinutes: plan.toCentreMinutes,
    fromCentreMinutes: plan.fromCentreMinutes,
  };
}

/** 400 slot_in_past unless the test is still to come: shared by the options and the hold. */
export function refuseUnbookableTest(testAt: Date, now: Date): void {
  if (testAt.getTime() <= now.getTime()) {
    throw new AppError(
      "slot_in_past",
      "That test time has passed. Enter the date and time of your test as Service NSW booked it.",
    );
  }
  // A pack is a block of the instructor's calendar, which opens as far ahead as lessons' (30 days).
  const opensOn = testPackBookableFrom(testAt);
  if (opensOn > sydneyTodayDate(now)) {
    throw new AppError(
      "validation_error",
      `Test packages can be booked up to ${BOOKING_HORIZON_DAYS} days before the test, when instructors' ` +
        `calendars open: for your test on ${formatSydneyDate(testAt)}, book from ${formatIsoDate(opensOn)}.`,
      [{ path: "testAt", message: `Book this test's package from ${formatIsoDate(opensOn)}` }],
    );
  }
}

/**
 * GET /student/test-packs/options: for a test the learner booked with Service NSW, the instructors who
 * take learners to that centre, teach in the pick-up suburb and are free for the whole block their pack
 * plans (rules/test-pack-plan.ts: their warm-up or not decides its length), cheapest first, at the price
 * the learner pays. Read from the database, as a booking checks it, so what is offered can be held.
 */
export async function listTestPackOptions(
  ctx: AppContext,
  studentId: string,
  query: OptionsQuery,
): Promise<TestPackOptions> {
  const now = ctx.now();
  const testAt = new Date(query.testAt);
  refuseUnbookableTest(testAt, now);
  const centreId = query.centreId as TestCentreId;
  const [centre] = centreSummaries([centreId]);
  if (!centre || !findTestCentre(centreId))
    throw new AppError("bad_request", "We don't know that test centre");
  const student = query.suburb ? undefined : await findStudentForCheckout(ctx.db, studentId);
  const suburb = query.suburb ?? findSuburb(student?.suburb ?? "");
  if (!suburb) throw new AppError("invalid_suburb", unknownSuburbMessage(), { validSuburbs: SUBURBS });

  const offers = await listOffersAtCentre(ctx.db, centreId);
  const planned = offers.map((offer) => ({
    offer,
    plan: planTestPack({ testAt, pickup: suburb, centreId, includesWarmUp: offer.includesWarmUp }),
  }));
  const answers = await blockRefusals(ctx.db, {
    suburb,
    now,
    blocks: planned.map(({ offer, plan }) => ({
      instructorId: offer.instructorId,
      start: plan.pickupAt,
      end: plan.dropOffAt,
    })),
  });
  const options = planned.flatMap(({ offer, plan }) => {
    const answer = answers.get(offer.instructorId);
    if (!answer || answer.refusal !== null) return [];
    const { instructor } = answer;
    return [
      {
        instructorId: offer.instructorId,
        firstName: instructor.firstName,
        lastName: instructor.lastName,
        rating: instructor.rating,
        price: centsToDollars(consumerPriceCents(offer.priceCents)),
        priceText: formatConsumerPrice(offer.priceCents),
        priceExGst: centsToDollars(offer.priceCents),
        includesWarmUp: offer.includesWarmUp,
        plan: planView(plan),
      },
    ];
  });
  options.sort(
    (a, b) =>
      a.price - b.price ||
      (b.rating ?? -1) - (a.rating ?? -1) ||
      a.lastName.localeCompare(b.lastName) ||
      a.instructorId.localeCompare(b.instructorId),
  );
  return { centre, suburb, testAt: iso(testAt), options };
}
