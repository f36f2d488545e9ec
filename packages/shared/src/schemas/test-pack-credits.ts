import { z } from "zod";
import { TEST_PACK_CREDIT_SOURCES } from "../constants.ts";
import { invoiceNumberClaim } from "./invoices.ts";

// Test-pack credits bought in advance (issue 33): GET /api/student/test-pack-credits,
// POST /api/student/test-pack-credits/purchase, POST /api/guardian/learners/{learnerId}/test-pack-credits.

/** Dollars ex GST as shown (the listing's price.exGst): the server refuses another price. */
export const testPackCreditPurchaseRequest = z.object({
  price: z.number().min(0).max(100_000).multipleOf(0.01, "Prices are in whole cents"),
  /** The number shown on the invoice screen (POST /student/invoices); a fresh one when absent. */
  invoice: invoiceNumberClaim.optional(),
});
export type TestPackCreditPurchaseRequest = z.input<typeof testPackCreditPurchaseRequest>;

export const testPackCreditView = z.object({
  id: z.uuid(),
  source: z.enum(TEST_PACK_CREDIT_SOURCES),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** When it paid for a pack; null while unused. */
  usedAt: z.string().nullable(),
});
export type TestPackCreditView = z.infer<typeof testPackCreditView>;

export const testPackCreditsResponse = z.object({
  /** What one credit costs to buy, in dollars. */
  price: z.object({ exGst: z.number(), gst: z.number(), total: z.number() }),
  /** Credits the learner can spend now (unused, not expired). */
  usable: z.number().int().min(0),
  /** Newest first, used and expired included. */
  credits: z.array(testPackCreditView),
});
export type TestPackCreditsResponse = z.infer<typeof testPackCreditsResponse>;
