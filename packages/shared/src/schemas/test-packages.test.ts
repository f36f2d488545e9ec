import { describe, expect, it } from "vitest";
import {
  TEST_PACKAGE_NEEDS_CENTRE,
  testPackageOfferRequest,
  UNKNOWN_TEST_CENTRE_MESSAGE,
} from "./test-packages.ts";

const offer = { enabled: true, price: 300, includesWarmUp: true, centreIds: ["st-marys"] };
const issues = (value: unknown) => {
  const result = testPackageOfferRequest.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("testPackageOfferRequest", () => {
  it("keeps each centre once, in the centres list's order", () => {
    expect(
      testPackageOfferRequest.parse({ ...offer, centreIds: ["miranda", "st-marys", "miranda"] }),
    ).toEqual({
      ...offer,
      centreIds: ["st-marys", "miranda"],
    });
  });

  it("lets an offer switched off have no centre, but not one switched on", () => {
    expect(issues({ ...offer, enabled: false, centreIds: [] })).toEqual([]);
    expect(issues({ ...offer, centreIds: [] })).toEqual([`centreIds: ${TEST_PACKAGE_NEEDS_CENTRE}`]);
  });

  it("takes the price bounds and whole cents only", () => {
    for (const price of [60, 900, 299.95]) expect(issues({ ...offer, price })).toEqual([]);
    expect(issues({ ...offer, price: 59.99 })).toHaveLength(1);
    expect(issues({ ...offer, price: 900.01 })).toHaveLength(1);
    expect(issues({ ...offer, price: 100.001 })).toEqual(["price: Package price must be in whole cents"]);
  });

  it("refuses an unknown centre without repeating it", () => {
    expect(issues({ ...offer, centreIds: ["<b>x</b>"] })).toEqual([
      `centreIds.0: ${UNKNOWN_TEST_CENTRE_MESSAGE}`,
    ]);
    expect(UNKNOWN_TEST_CENTRE_MESSAGE).not.toContain("<b>");
  });
});
