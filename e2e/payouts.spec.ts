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
    await expect(
      page.getByRole("status").filter({ hasText: /payouts? created for|Nothing new to pay/ }),
    ).toBeVisible();
    // One run pays every instructor with lessons that week (30-odd with the demo history), in no set
    // order within it: look through the pages for this one.
    const row = page.getByRole("row").filter({ hasText: "Paige Payout" });
    const next = page.getByRole("navigation", { name: "Pagination" }).getByRole("button", { name: "Next" });
    await expect(async () => {
      if ((await row.count()) === 0 && (await next.isVisible()) && (await next.isEnabled()))
        await next.click();
      expect(await row.count()).toBe(1);
    }).toPass({ timeout: 20_000 });
    await expect(row).toContainText("$60.00");
    await expect(row).toContainText("Paid");
    await expectAccessible(page);
    await snap(page, testInfo, "admin-payouts");

    // The ledger agrees, every payment the journeys made included: the transfer went through, so
    // nothing is left awaiting one.
    await page.goto("/admin/ledger");
    const check = page.getByRole("status").filter({ hasText: "journals checked" });
    await expect(check).toContainText("The ledger balances");
    await expect(check).toContainText("Payouts due in the ledger: $0.00; not yet transferred: $0.00.");
    const month = page.getByRole("table", { name: /^Reconciliation for / });
    const figure = (name: string) =>
      month.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
    await expect(figure("Awaiting transfer")).toContainText("$0.00");
    await expect(figure("Paid out")).not.toContainText("$0.00");
    await expectAccessible(page);
    await snap(page, testInfo, "admin-ledger");

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
