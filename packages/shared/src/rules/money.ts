/** Conversions between dollars (forms, display) and integer cents (everything we store or compute). */

const audFormatter = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

/**
 * Dollars to integer cents. Rounding absorbs binary float noise (70.1 * 100 is 7009.999…).
 * Non-finite input throws: a NaN silently turning into a price is worse than a loud failure.
 */
export function dollarsToCents(d: number): number {
  if (!Number.isFinite(d)) throw new RangeError(`Not a finite dollar amount: ${d}`);
  // `|| 0` turns -0 (from tiny negative amounts) into a plain 0.
  return Math.round(d * 100) || 0;
}

/** Integer cents to dollars, for display or for the API's dollar-valued fields. */
export function centsToDollars(c: number): number {
  return c / 100;
}

/** "$1,234.50": Australian currency formatting, always two decimals. */
export function formatAud(cents: number): string {
  // A credit negated to show it positive (`-sum`, `0 * -1`) can be -0, which Intl prints "-$0.00": nothing
  // is owed either way, so -0 prints as 0 (`-0 === 0`, so this leaves every other amount alone).
  return audFormatter.format(centsToDollars(cents === 0 ? 0 : cents));
}
