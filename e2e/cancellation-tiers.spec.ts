import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { scaled } from "../apps/api/src/test/time-scale.ts";
import { TIER_LESSONS, tierInvoiceNumber, tiersStudent } from "./support/cancellation-tiers.ts";
import { DEMO_PASSWORD, expectAccessible, logIn, pdfText, snap } from "./support/helpers.ts";

// The lessons were seeded before the server started, 72, 36 and 10 hours ahead (one per tier), each
// paid by its own $82.50 payment ($75 + $7.50 GST); each project has its own student and lessons.

const lessonRow = (page: Page, hoursAhead: number) =>
  page.getByRole("listitem").filter({ hasText: `${hoursAhead} Campbell Parade, Bondi` });

const EXPECTED = {
  full: {
    summary: "You will get $82.50 back to your card, including $7.50 GST.",
    note: "Refunded $82.50 to your card",
    badge: "Refunded",
    netPaid: "$0.00",
  },
  half: {
    summary:
      "This lesson is less than 48 hours away, so half is refunded: you will get $41.25 back to your card, including $3.75 GST.",
    note: "Refunded $41.25 to your card",
    badge: "Partly refunded",
    netPaid: "$41.25",
  },
  none: {
    summary: "This lesson is less than 24 hours away, so nothing is refunded.",
    note: "No refund",
    badge: "Paid",
    netPaid: null,
  },
} as const;

test("cancelling a card-paid lesson in each tier: the preview, the lesson and the payment agree", async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  test.setTimeout(scaled(90_000));
  await logIn(page, tiersStudent(project), DEMO_PASSWORD);
  await page.goto("/student/bookings");

  for (const lesson of TIER_LESSONS) {
    const expected = EXPECTED[lesson.tier];
    const row = lessonRow(page, lesson.hoursAhead);
    await row.getByRole("button", { name: /^Cancel/ }).click();
    const dialog = page.getByRole("alertdialog", { name: "Cancel this lesson?" });
    await expect(dialog.getByText(expected.summary)).toBeVisible();
    if (lesson.tier === "full") {
      await expectAccessible(page);
      await snap(page, testInfo, "cancel-tier-full-preview");
    }
    await dialog.getByRole("button", { name: "Cancel lesson" }).click();
    await expect(dialog).toBeHidden();
    await expect(lessonRow(page, lesson.hoursAhead)).toContainText(expected.note);
    // Cancelling twice is not offered: the lesson is cancelled and has no actions left.
    await expect(lessonRow(page, lesson.hoursAhead).getByRole("button", { name: /^Cancel/ })).toHaveCount(0);
  }
  await snap(page, testInfo, "cancel-tiers-bookings");

  // The payments tell the same story, each on its own invoice.
  await page.goto("/student/payments");
  for (const lesson of TIER_LESSONS) {
    const expected = EXPECTED[lesson.tier];
    const card = page
      .getByRole("listitem")
      .filter({ hasText: tierInvoiceNumber(project, lesson.hoursAhead) });
    await expect(card.getByText(expected.badge, { exact: true })).toBeVisible();
    if (expected.netPaid) {
      await expect(card.getByText("Net paid")).toBeVisible();
      await expect(card).toContainText(`Net paid${expected.netPaid}`);
    } else {
      await expect(card.getByText("Refunds")).toHaveCount(0);
    }
  }
  await expectAccessible(page);
  await snap(page, testInfo, "cancel-tiers-payments");

  // The half refund is an adjustment note on that payment's tax invoice.
  const halfInvoice = tierInvoiceNumber(project, 36);
  const half = page.getByRole("listitem").filter({ hasText: halfInvoice });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    half.getByRole("button", { name: /Download tax invoice/ }).click(),
  ]);
  const text = pdfText(await readFile(await download.path()));
  expect(text).toContain(`${halfInvoice}-CN1`);
  expect(text).toContain("Less refunds (incl. GST) -$41.25");
  expect(text).toContain("Net amount paid (incl. GST) $41.25");
});
