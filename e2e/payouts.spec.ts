import { readFileSync } from "node:fs";
import { quarterStartOf, sydneyTodayDate } from "@kerb/shared/rules";
import { expect, test } from "@playwright/test";
import { scaled } from "../apps/api/src/test/time-scale.ts";
import { expectAccessible, logIn, pdfText, snap } from "./support/helpers.ts";
import { GST_PAYOUT_INSTRUCTOR, PAYOUT_INSTRUCTOR } from "./support/seed-payouts.ts";

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
    const rowOf = (name: string) => page.getByRole("row").filter({ hasText: name });
    const next = page.getByRole("navigation", { name: "Pagination" }).getByRole("button", { name: "Next" });
    const first = page
      .getByRole("navigation", { name: "Pagination" })
      .getByRole("button", { name: "Previous" });
    const findRow = async (name: string) => {
      const row = rowOf(name);
      await expect(async () => {
        if ((await row.count()) === 0 && (await next.isVisible()) && (await next.isEnabled()))
          await next.click();
        expect(await row.count()).toBe(1);
      }).toPass({ timeout: scaled(20_000) });
      return row;
    };
    const row = await findRow("Paige Payout");
    await expect(row).toContainText("$60.00");
    await expect(row).toContainText("Paid");
    // Registered for GST: the $60.00 share plus $6.00 GST.
    while ((await first.isVisible()) && (await first.isEnabled())) await first.click();
    const gstRow = await findRow("Gia Gst");
    await expect(gstRow).toContainText("$66.00");
    await expect(gstRow).toContainText("incl. GST $6.00");
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

    // This quarter's GST summary: the run's only GST-registered payee (Gia) gives a $6.00 GST credit.
    const today = sydneyTodayDate(new Date());
    const bas = page.getByRole("region", { name: "GST summary and exports" });
    await bas.getByLabel("From").fill(quarterStartOf(today));
    await bas.getByLabel("To").fill(today);
    await expect(bas.getByText("1B GST credits (RCTIs)").locator("..")).toContainText("$6.00");
    const summaryDownload = page.waitForEvent("download");
    await bas.getByRole("button", { name: "Download GST summary CSV" }).click();
    const summaryCsv = readFileSync((await (await summaryDownload).path()) ?? "", "utf8");
    expect(summaryCsv).toMatch(/6\.00/);

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

  test("a GST-registered instructor is paid GST on top and downloads a tax invoice that shows it", async ({
    page,
  }) => {
    // The run is made by the test above (or by the other project's): wait for it to have paid Gia.
    await logIn(page, GST_PAYOUT_INSTRUCTOR);
    await page.goto("/instructor/earnings");
    const statement = page
      .getByRole("row")
      .filter({ has: page.getByRole("button", { name: /Download PDF statement/ }) });
    await expect(async () => {
      await page.reload();
      expect(await statement.count()).toBe(1);
    }).toPass({ timeout: scaled(30_000) });
    await expect(statement).toContainText("$6.00");
    await expect(statement).toContainText("$66.00");

    const downloading = page.waitForEvent("download");
    await statement.getByRole("button", { name: /Download PDF statement/ }).click();
    const text = pdfText(readFileSync((await (await downloading).path()) ?? ""));
    expect(text).toContain("Recipient-created tax invoice");
    expect(text).toContain("53 004 085 616");
    expect(text).toMatch(/Taxable supply \(your share, ex GST\) \$60\.00/);
    expect(text).toMatch(/GST \(10%\) \$6\.00/);
    expect(text).toMatch(/Total paid to you \(incl\. GST\) \$66\.00/);
  });
});
