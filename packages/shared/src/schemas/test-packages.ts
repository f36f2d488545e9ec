import { z } from "zod";
import {
  MAX_TEST_PACKAGE_PRICE_DOLLARS,
  MIN_TEST_PACKAGE_PRICE_DOLLARS,
  TEST_PACKAGE_WARM_UP_MINUTES,
} from "../constants.ts";
import { isTestCentreId, TEST_CENTRE_IDS, type TestCentreId } from "../rules/test-centres.ts";
import { isoDateTime } from "./common.ts";

// Driving-test packages (issue 33): what an instructor offers, and what learners see of it. Money is in
// dollars, computed from cents, as in the rest of the instructor portal.

/** Said when a centre id is not one of TEST_CENTRES; the input is not repeated back. */
export const UNKNOWN_TEST_CENTRE_MESSAGE = `We don't know that test centre. Choose from: ${TEST_CENTRE_IDS.join(", ")}`;
export const TEST_PACKAGE_NEEDS_CENTRE =
  "Choose at least one test centre you take learners to, or turn test packages off";

const testCentreId = z
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
