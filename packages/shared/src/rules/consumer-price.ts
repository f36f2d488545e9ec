/**
 * How a price is printed to a consumer (a student, a guardian or a visitor). Australian Consumer Law s 48
 * (component pricing): when a price is shown in parts, such as "$70.00 + GST", the single total the consumer
 * pays must be shown too, at least as prominently as any part. So every consumer price leads with the
 * GST-inclusive total; the ex-GST figure stays beside it as a component, never on its own.
 * Instructor-facing figures and tax documents (subtotal, GST, total lines) keep their ex-GST lines.
 */
import { formatAud } from "./money.ts";
import { invoiceTotals } from "./pricing.ts";

/** Said after the total, so nobody has to guess whether GST is still to come. */
export const CONSUMER_PRICE_NOTE = "incl. GST";

export interface ConsumerPriceParts {
  /** What the consumer pays, GST included: "$77.00". The prominent figure. */
  total: string;
  /** "incl. GST" */
  note: string;
  /** The ex-GST component: "$70.00 + GST". Never more prominent than `total`. */
  component: string;
}

/**
 * The GST-inclusive total of ex-GST amounts, charged as the invoice charges them: GST once on their sum
 * (rules/pricing.ts `invoiceTotals`), so the total shown is the total paid to the cent.
 */
export function consumerPriceCents(exGstCents: number | readonly number[]): number {
  return invoiceTotals(typeof exGstCents === "number" ? [exGstCents] : [...exGstCents]).totalCents;
}

function exGstSum(exGstCents: number | readonly number[]): number {
  return typeof exGstCents === "number" ? exGstCents : exGstCents.reduce((sum, c) => sum + c, 0);
}

/** The parts of a consumer price, for a screen to lay out: total first and largest, the component beside it. */
export function consumerPriceParts(exGstCents: number | readonly number[]): ConsumerPriceParts {
  return {
    total: formatAud(consumerPriceCents(exGstCents)),
    note: CONSUMER_PRICE_NOTE,
    component: `${formatAud(exGstSum(exGstCents))} + GST`,
  };
}

/**
 * A consumer price as one line of text (emails, labels for screen readers):
 * "$77.00 incl. GST ($70.00 + GST)", or with `per` "$77.00 per lesson incl. GST ($70.00 + GST)".
 */
export function formatConsumerPrice(exGstCents: number | readonly number[], per = ""): string {
  const parts = consumerPriceParts(exGstCents);
  return `${parts.total}${per} ${parts.note} (${parts.component})`;
}
