import type { TestCentreSummary, TestPackageOffer } from "@kerb/shared";
import { TEST_PACKAGE_WARM_UP_MINUTES } from "@kerb/shared/constants";
import { centsToDollars, consumerPriceCents, findTestCentre } from "@kerb/shared/rules";
import type { TestPackageOfferRow } from "./test-packages.repository.ts";

/**
 * The centres of an offer as shown, in the stored order. An id no longer in TEST_CENTRES (a centre
 * retired after the offer was saved) is left out rather than shown without a name or address.
 */
export function centreSummaries(ids: readonly string[]): TestCentreSummary[] {
  return ids.flatMap((id) => {
    const centre = findTestCentre(id);
    return centre
      ? [{ id: centre.id, name: centre.name, address: centre.address, suburb: centre.suburb }]
      : [];
  });
}

/** The instructor's view of their offer; the defaults (off, no price, warm-up in) when never saved. */
export function offerView(
  row:
    | Pick<TestPackageOfferRow, "enabled" | "priceCents" | "includesWarmUp" | "centreIds" | "updatedAt">
    | undefined,
): TestPackageOffer {
  if (!row) {
    return {
      enabled: false,
      price: null,
      consumerPrice: null,
      includesWarmUp: true,
      warmUpMinutes: TEST_PACKAGE_WARM_UP_MINUTES,
      centres: [],
      updatedAt: null,
    };
  }
  return {
    enabled: row.enabled,
    price: centsToDollars(row.priceCents),
    consumerPrice: centsToDollars(consumerPriceCents(row.priceCents)),
    includesWarmUp: row.includesWarmUp,
    warmUpMinutes: TEST_PACKAGE_WARM_UP_MINUTES,
    centres: centreSummaries(row.centreIds),
    updatedAt: row.updatedAt.toISOString(),
  };
}
