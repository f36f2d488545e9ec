import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import {
  bookPaidLesson,
  DEMO_PASSWORD,
  expectAccessible,
  logIn,
  openMenuIfCollapsed,
  pdfText,
  snap,
} from "./support/helpers.ts";

test.describe("receipts", () => {
  test("a student who paid for a lesson finds the payment and downloads its tax invoice", async ({
    page,
    playwright,
  }, testInfo) => {
    const firstName = `Rae${Date.now().toString(36)}`;
    const paid = await bookPaidLesson(playwright, firstName);

    await logIn(page, paid.email);
    await openMenuIfCollapsed(page);
    await page.getByRole("link", { name: "Payments" }).click();
    await expect(page).toHaveURL(/\/student\/payments$/);
    await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();

    const payments = page.getByRole("list", { name: "Payments, newest first" });
    const card = payments.getByRole("listitem").filter({ hasText: paid.invoiceNumber });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("heading", { name: "1 driving lesson with Daniel Cooper" })).toBeVisible();
    await expect(card.getByText("Paid", { exact: true })).toBeVisible();
    await expect(card.getByText(/^\$\d+\.\d{2} incl\. \$\d+\.\d{2} GST$/)).toBeVisible();
    await expect(card.getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "student-payments");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("button", { name: /Download tax invoice/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Kerb-tax-invoice-${paid.invoiceNumber}.pdf`);
    const path = await download.path();
    const text = pdfText(await readFile(path));
    expect(text).toContain("Tax invoice");
    expect(text).toContain(paid.invoiceNumber);
    expect(text).toContain(`${firstName} Booker`);
    expect(text).toContain("ABN 00 000 000 000 (demo ABN)");
    expect(text).toMatch(/GST \(10%\) \$\d+\.\d{2}/);
    expect(text).toMatch(/Total \(incl\. GST\) \$\d+\.\d{2}/);
    expect(text).toContain("Instructor: Daniel Cooper");
    expect(text).not.toContain("Adjustment notes");

    // The instructor cancels: a full refund, shown under the payment and as an adjustment note on the invoice.
    const instructor = await page.request.post("/api/auth/login", {
      data: { email: "instructor@demo.test", password: DEMO_PASSWORD },
    });
    const cancelled = await page.request.post(`/api/instructor/lessons/${paid.lessonId}/cancel`, {
      headers: { authorization: `Bearer ${(await instructor.json()).accessToken}` },
      data: { reason: "My car is off the road that day" },
    });
    expect(cancelled.status()).toBe(200);
    // One lesson costs well under $1,000, so no thousands separator.
    const refund = `$${((await cancelled.json()).refund as number).toFixed(2)}`;
    await page.reload();
    await expect(card.getByText("Refunded", { exact: true })).toBeVisible();
    const refunds = card.getByRole("listitem");
    await expect(refunds).toHaveCount(1);
    await expect(refunds).toContainText("Refunded to your card");
    await expect(refunds).toContainText(refund);
    await expect(card.getByText("Net paid").locator("..")).toContainText("$0.00");
    await expectAccessible(page);
    await snap(page, testInfo, "student-payments-refunded");

    const [again] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("button", { name: /Download tax invoice/ }).click(),
    ]);
    const credited = pdfText(await readFile(await again.path()));
    expect(credited).toContain(`${paid.invoiceNumber}-CN1`);
    expect(credited).toContain(`Less refunds (incl. GST) -${refund}`);
    expect(credited).toContain("Net amount paid (incl. GST) $0.00");
  });

  test("a new student sees what to do before any payment", async ({ page }, testInfo) => {
    const login = await page.request.post("/api/auth/register/student", {
      data: {
        email: `e2e.nopay.${Date.now().toString(36)}@example.com`,
        password: "secret12",
        confirmPassword: "secret12",
        acceptTerms: true,
        firstName: "Noa",
        lastName: "Payless",
        phone: "0400 222 333",
        suburb: "Sydney CBD",
        licenseType: "AUTOMATIC",
        experienceLevel: "NEVER_DRIVEN",
      },
    });
    expect(login.status()).toBe(201);
    await logIn(page, (await login.json()).user.email, "secret12");
    await page.goto("/student/payments");
    await expect(page.getByText("No payments yet — book your first lesson")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Book a lesson" })).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "student-payments-empty");
  });
});
