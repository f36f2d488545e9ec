import { describe, expect, it } from "vitest";
import { creditCount, creditsGoBack, creditsLeftText } from "./credits.ts";

describe("credit words", () => {
  it("counts credits with the one plural rule", () => {
    expect(creditCount(1)).toBe("1 credit");
    expect(creditCount(2)).toBe("2 credits");
  });

  it("words a balance as credits and the hours they buy", () => {
    expect(creditsLeftText(8)).toBe("8 credits left (8 hours of lessons)");
    expect(creditsLeftText(1)).toBe("1 credit left (1 hour of lessons)");
  });

  it("agrees the verb with the count of credits going back", () => {
    expect(creditsGoBack(1)).toBe("1 credit goes back to your bundle");
    expect(creditsGoBack(2, "Mei's bundle")).toBe("2 credits go back to Mei's bundle");
  });
});
