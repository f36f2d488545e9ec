import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { expectAccessible, logIn, snap } from "./support/helpers.ts";
import { PAYOUT_INSTRUCTOR } from "./support/seed-payouts.ts";

test.describe("payouts", () => {
  test("an admin runs the weekly payout; the instructor sees it and downloads the statement", async ({
    page,
  }, testInfo) => {
    await logIn(page, "admin@demo.test");
    await page.goto("/admin/payouts");
    await expect(page.getByRole("heading", { name: "Payouts" }).first()).toBeVisible();
    await page.getByRole("button", { name: "Run payouts" }).click();
    // Demo mode: the payout is made and marked paid at once. A second run (the other project) adds nothing.
    const row = page.getByRole("row").filter({ hasText: "Paige Payout" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("$60.00");
    await expect(row).toContainText("Paid");
    await expectAccessible(page);
    await snap(page, testInfo, "admin-payouts");

    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await logIn(page, PAYOUT_INSTRUCTOR);
    await page.goto("/instructor/earnings");
    // The payouts table (not the monthly earnings above it): the row with the statement downloads.
    const statement = page
      .getByRole("row")
      .filter({ has: page.getByRole("button", { name: /Download CSV statement/ }) });
    await expect(statement).toHaveCount(1);
    await expect(statement).toContainText("$60.00");
    await expect(statement).toContainText("$80.00");
    await expect(statement).toContainText("Paid");
    await expectAccessible(page);
    await snap(page, testInfo, "instructor-payouts");

    const downloading = page.waitForEvent("download");
    await statement.getByRole("button", { name: /Download CSV statement/ }).click();
    const csv = readFileSync((await (await downloading).path()) ?? "", "utf8");
    expect(csv).toMatch(/80\.00/);
    expect(csv).toMatch(/60\.00/);
  });
});
