import { z } from "zod";
import {
  MAX_TEST_PACKAGE_PRICE_DOLLARS,
  MIN_TEST_PACKAGE_PRICE_DOLLARS,
  TEST_PACKAGE_WARM_UP_MINUTES,
} from "../constants.ts";
import { isTestCentreId, TEST_CENTRE_IDS, type TestCentreId } from "../rules/test-centres.ts";
import { isoDateTime, safeText } from "./common.ts";
import { suburbName } from "./fields.ts";
import { invoiceNumberClaim } from "./invoices.ts";

// Driving-test packages (issue 33): what an instructor offers, and what learners see of it. Money is in
// dollars, computed from cents, as in the rest of the instructor portal.

/** Said when a centre id is not one of TEST_CENTRES; the input is not repeated back. */
export const UNKNOWN_TEST_CENTRE_MESSAGE = `We don't know that test centre. Choose from: ${TEST_CENTRE_IDS.join(", ")}`;
export const TEST_PACKAGE_NEEDS_CENTRE =
  "Choose at least one test centre you take learners to, or turn test packages off";

export const testCentreId = z
  .string({ error: "A test centre is given by its id, such as st-marys" })
  .refine((id): id is TestCentreId => isTestCentreId(id), { message: UNKNOWN_TEST_CENTRE_MESSAGE });

/** PUT /api/instructor/test-package: the whole offer, replaced. */
export const testPackageOfferRequest = z
  .object({
    enabled: z.boolean({ error: "Say whether you offer test packages: enabled must be true or false" }),
    /** Dollars ex GST; learners pay it plus GST, as for lessons. */
    price: z
      .number({ error: "Package price is required, in dollars before GST" })
      .min(
        MIN_TEST_PACKAGE_PRICE_DOLLARS,
        `A test package must cost at least $${MIN_TEST_PACKAGE_PRICE_DOLLARS} before GST`,
      )
      .max(
        MAX_TEST_PACKAGE_PRICE_DOLLARS,
        `A test package can cost at most $${MAX_TEST_PACKAGE_PRICE_DOLLARS} before GST`,
      )
      .multipleOf(0.01, "Package price must be in whole cents"),
    /** Whether a 60-minute warm-up lesson comes before the test. */
    includesWarmUp: z.boolean({ error: "Say whether the package includes a warm-up lesson: true or false" }),
    centreIds: z
      .array(testCentreId, { error: "centreIds must be a list of test centre ids" })
      .max(TEST_CENTRE_IDS.length * 2, "That is more test centres than there are")
      // Each once, in the order of the centres list: the stored offer does not depend on click order.
      .transform((ids) => TEST_CENTRE_IDS.filter((id) => ids.includes(id))),
  })
  .superRefine((offer, ctx) => {
    if (offer.enabled === true && Array.isArray(offer.centreIds) && offer.centreIds.length === 0) {
      ctx.addIssue({ code: "custom", path: ["centreIds"], message: TEST_PACKAGE_NEEDS_CENTRE });
    }
  });
export type TestPackageOfferRequest = z.input<typeof testPackageOfferRequest>;

/** A centre as learners and instructors see it (rules/test-centres.ts). */
export const testCentreSummary = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  suburb: z.string(),
});
export type TestCentreSummary = z.infer<typeof testCentreSummary>;

/** GET and PUT /api/instructor/test-package: the instructor's offer (off, with no price, until saved). */
export const testPackageOfferResponse = z.object({
  enabled: z.boolean(),
  /** Dollars ex GST, as the instructor set it; null until an offer is saved. */
  price: z.number().nullable(),
  /** What a learner pays for it, GST included (rules/consumer-price.ts); null with no price. */
  consumerPrice: z.number().nullable(),
  includesWarmUp: z.boolean(),
  warmUpMinutes: z.literal(TEST_PACKAGE_WARM_UP_MINUTES),
  centres: z.array(testCentreSummary),
  /** When the offer was last saved; null when never. */
  updatedAt: isoDateTime.nullable(),
});
export type TestPackageOffer = z.infer<typeof testPackageOfferResponse>;

/**
 * GET /api/instructors/:id/test-package: public. Whether a listed instructor offers test packages, and
 * if so at what consumer price (GST included, led by the total: rules/consumer-price.ts) and where.
 */
export const publicTestPackageResponse = z.object({
  instructorId: z.uuid(),
  offered: z.boolean(),
  /** Dollars, GST included: what the learner pays. null when not offered. */
  price: z.number().nullable(),
  /** "$330.00 incl. GST ($300.00 + GST)"; null when not offered. */
  priceText: z.string().nullable(),
  /** null when not offered. */
  includesWarmUp: z.boolean().nullable(),
  /** Empty when not offered. */
  centres: z.array(testCentreSummary),
});
export type PublicTestPackage = z.infer<typeof publicTestPackageResponse>;

/** A [start, end) span of the pack's plan, as ISO instants. */
const planSpan = z.object({ start: isoDateTime, end: isoDateTime });

/** The plan of a pack (rules/test-pack-plan.ts): the instructor's block is [pickupAt, dropOffAt). */
export const testPackPlanView = z.object({
  pickupAt: isoDateTime,
  /** The 60-minute warm-up lesson from the pick-up; null when the instructor's pack has none. */
  warmUp: planSpan.nullable(),
  /** At the centre by then: the arrival margin before the test. */
  arriveBy: isoDateTime,
  test: planSpan,
  dropOffAt: isoDateTime,
  toCentreMinutes: z.number().int(),
  fromCentreMinutes: z.number().int(),
});
export type TestPackPlanView = z.infer<typeof testPackPlanView>;

/** GET /api/student/test-packs/options: a test booked with Service NSW, where and when. */
export const testPackOptionsQuery = z.object({
  centreId: testCentreId,
  /** The test's date and time as Service NSW booked it, with its offset. */
  testAt: isoDateTime,
  /** Where the learner is picked up and dropped off; defaults to the learner's own suburb. */
  suburb: suburbName().optional(),
});
export type TestPackOptionsQuery = z.input<typeof testPackOptionsQuery>;

/** One instructor who can do the pack, with their plan of the day and what it costs. */
export const testPackOption = z.object({
  instructorId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  rating: z.number().nullable(),
  /** Dollars, GST included: what the learner pays. */
  price: z.number(),
  /** "$330.00 incl. GST ($300.00 + GST)" */
  priceText: z.string(),
  /** Dollars ex GST: what POST /api/student/test-packs is sent back as `price`. */
  priceExGst: z.number(),
  includesWarmUp: z.boolean(),
  plan: testPackPlanView,
});
export type TestPackOption = z.infer<typeof testPackOption>;

export const testPackOptionsResponse = z.object({
  centre: testCentreSummary,
  suburb: z.string(),
  testAt: isoDateTime,
  /** Instructors free for their whole block, cheapest first. Empty when nobody can do it. */
  options: z.array(testPackOption),
});
export type TestPackOptions = z.infer<typeof testPackOptionsResponse>;

/** POST /api/student/test-packs: hold the instructor's block for the learner's test and pay by card. */
export const testPackRequest = z.object({
  instructorId: z.uuid(),
  centreId: testCentreId,
  testAt: isoDateTime,
  /** Where to meet, in the learner's words; the suburb when absent. */
  pickupLocation: safeText().trim().max(200).optional().nullable(),
  /** Dollars ex GST as shown (the option's priceExGst); the server recomputes and refuses a change. */
  price: z.number().min(0).max(100_000).multipleOf(0.01, "Prices are in whole cents"),
  /** Where the learner is picked up; defaults to the learner's own suburb. */
  suburb: suburbName().optional(),
  /** The number shown on the invoice screen (POST /student/invoices); a fresh one when absent. */
  invoice: invoiceNumberClaim.optional(),
});
export type TestPackRequest = z.input<typeof testPackRequest>;

/** POST /api/student/test-packs/with-credit: the same pack, paid with an unused test-pack credit. */
export const testPackCreditRequest = testPackRequest.omit({ price: true, invoice: true });
export type TestPackCreditRequest = z.input<typeof testPackCreditRequest>;

/** A pack booked with a credit: SCHEDULED at once, no card and no new invoice. */
export const testPackBookedResponse = z.object({
  lessonId: z.uuid(),
  creditId: z.uuid(),
  instructorId: z.uuid(),
  centre: testCentreSummary,
  suburb: z.string(),
  testAt: isoDateTime,
  plan: testPackPlanView,
});
export type TestPackBooked = z.infer<typeof testPackBookedResponse>;
