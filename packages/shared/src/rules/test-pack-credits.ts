/**
 * A test-pack credit bought in advance (issue 33): one Kerb price whoever the instructor (a credit books a
 * pack with any instructor who offers them), GST on top as for lessons, valid as long as the pass
 * promise's credit. Decision record: docs/decisions/040-test-pack-credit-purchase.md.
 */
import { TEST_PACK_CREDIT_PRICE_CENTS } from "../constants.ts";
import { invoiceTotals } from "./pricing.ts";
import { passPromiseCreditExpiry } from "./test-pack-outcomes.ts";

/** The tax invoice's line for a bought credit. */
export const TEST_PACK_CREDIT_LINE = "Driving test package credit";

/** What one credit costs: the subtotal (ex GST), the GST and the total charged to the card. */
export function testPackCreditTotals() {
  return invoiceTotals([TEST_PACK_CREDIT_PRICE_CENTS]);
}

/** When a credit paid for at `paidAt` lapses: 12 months on, as the pass promise's. */
export function testPackCreditExpiryFrom(paidAt: Date): Date {
  return passPromiseCreditExpiry(paidAt);
}
