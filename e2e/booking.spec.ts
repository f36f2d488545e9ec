import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { expectAccessible, registerStudent, snap } from "./support/helpers.ts";

const continueButton = (page: Page) => page.getByRole("button", { name: "Continue", exact: true });

/**
 * React Aria keeps native radios and checkboxes visually hidden inside their labels: click the label,
 * as a person would.
 */
async function choose(page: Page, name: string | RegExp, role: "radio" | "checkbox" = "radio") {
  await page
    .locator("label")
    .filter({ has: page.getByRole(role, { name }) })
    .first()
    .click();
}

/** Flow choice, suburb and the five assessment questions, checking each screen on the way. */
async function startWizard(
  page: Page,
  testInfo: TestInfo,
  flow: "Buy Bundle" | "Multi-Select Booking",
  suburb: string,
) {
  await page.goto("/student/book");
  await expect(page.getByRole("heading", { name: "How would you like to book?" })).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, "wizard-1-flow");
  await page.getByRole("button", { name: flow }).click();

  await expect(page.getByRole("heading", { name: "Where would you like your lessons?" })).toBeVisible();
  // The suburb given at sign-up is preselected (registerStudent signs up with `suburb`), not asked again.
  await expect(page.getByRole("radio", { name: suburb })).toBeChecked();
  await expect(continueButton(page)).toBeEnabled();
  await page.getByLabel("Search suburbs").fill("Atlantis");
  await expect(page.getByText('No suburbs found matching "Atlantis"')).toBeVisible();
  await page.getByLabel("Search suburbs").fill(suburb.slice(0, 4));
  await choose(page, suburb);
  await expectAccessible(page);
  await snap(page, testInfo, "wizard-2-suburb");
  await continueButton(page).click();

  await expect(page.getByRole("heading", { name: "Tell us about your driving" })).toBeVisible();
  // Sign-up's experience and licence type are preselected too (NEVER_DRIVEN, AUTOMATIC).
  await expect(page.getByRole("radio", { name: /never driven/i })).toBeChecked();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByRole("radio", { name: /Automatic/ })).toBeChecked();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByLabel("Target test date (optional)")).toBeVisible();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await choose(page, "Parallel Parking", "checkbox");
  await expect(page.getByRole("checkbox", { name: "Parallel Parking" })).toBeChecked();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  // Never driven: 20–30 lessons recommended, the estimate starts at the minimum.
  await expect(page.getByLabel("Number of lessons")).toHaveValue("20");
  await expectAccessible(page);
  await snap(page, testInfo, "wizard-3-assessment");
  await continueButton(page).click();
}

/**
 * Clicks Pay and returns the spec's success words (§8) as the dashboard says them in its status
 * message: an in-page notice, never a native alert.
 */
async function payAndReadNotice(page: Page): Promise<string> {
  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByText("Processing your payment")).toBeVisible();
  await expect(page).toHaveURL(/\/student\/dashboard/);
  const notice = page.getByRole("status").filter({ hasText: /successfully!/ });
  await expect(notice).toBeVisible();
  expect(dialogs).toBe(0);
  return ((await notice.textContent()) ?? "").trim();
}

function centsOf(text: string | null): number {
  return Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);
}

test.describe("student booking", () => {
  test("Flow B: pool hours → invoice → pay → lesson on the dashboard", async ({ page }, testInfo) => {
    await registerStudent(page, { suburb: "Parramatta" });
    await startWizard(page, testInfo, "Multi-Select Booking", "Parramatta");

    await expect(page.getByRole("heading", { name: "Choose your booking option" })).toBeVisible();
    await expect(page.getByText(/mix both/i)).toBeVisible();
    await choose(page, /Pool Hours/);
    await expectAccessible(page);
    await snap(page, testInfo, "wizard-4-rate-option");
    await continueButton(page).click();

    await expect(page.getByRole("heading", { name: "Pick your lesson times" })).toBeVisible();
    const grid = page.getByRole("grid", { name: "Available days, next 30 days" });
    await expect(grid).toBeVisible();
    await expect(grid.locator('[data-availability="none"]').first()).toBeDisabled();
    // Not the first pool day: that may be today, with one pool hour or none left by now.
    await grid.locator('[data-availability="pool"], [data-availability="both"]').nth(1).click();
    const poolSlots = page.getByRole("button", { name: /Pool Hours - Save 35%/ });
    await poolSlots.nth(0).click();
    await poolSlots.nth(1).click();
    await expect(poolSlots.nth(0)).toHaveAttribute("aria-pressed", "true");
    await expectAccessible(page);
    await snap(page, testInfo, "wizard-5-slots");
    await page.getByRole("button", { name: "Continue to Payment" }).click();

    await expect(page.getByRole("heading", { name: "Review your booking and pay" })).toBeVisible();
    await expect(page.getByLabel("Pickup address")).toHaveValue(/Parramatta/);
    await page.getByLabel("Pickup address").fill("12 Church St, Parramatta");
    await expect(page.getByTestId("invoice-total")).toHaveText(/^\$[\d,]+\.\d{2}$/);
    const subtotal = centsOf(await page.getByTestId("invoice-subtotal").textContent());
    const gst = centsOf(await page.getByTestId("invoice-gst").textContent());
    const total = centsOf(await page.getByTestId("invoice-total").textContent());
    expect(gst).toBe(Math.round(subtotal * 0.1));
    expect(total).toBe(subtotal + gst);
    await expect(page.getByRole("list", { name: "Lesson schedule" }).getByRole("listitem")).toHaveCount(2);
    await expect(page.getByText(/\d{2}\/\d{2}\/\d{4}/).first()).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "wizard-6-invoice");

    expect(await payAndReadNotice(page)).toBe("Bookings confirmed successfully!");
    await expect(page).toHaveURL(/\/student\/dashboard/);
    await expect(page.getByRole("heading", { name: "Upcoming Lessons" })).toBeVisible();
    await expect(page.getByText("12 Church St, Parramatta").first()).toBeVisible();
    await snap(page, testInfo, "student-dashboard-booked");
  });

  test("Flow B: pick an instructor and mix pool and standard slots", async ({ page }, testInfo) => {
    await registerStudent(page, { suburb: "Sydney CBD" });
    await startWizard(page, testInfo, "Multi-Select Booking", "Sydney CBD");
    await choose(page, /Pick Instructor/);
    await continueButton(page).click();

    await expect(page.getByRole("heading", { name: "Choose your instructor" })).toBeVisible();
    await expect(continueButton(page)).toBeDisabled();
    for (const tab of ["Recommended for You", "Best Value", "Top Rated"]) {
      await expect(page.getByRole("tab", { name: tab })).toBeVisible();
    }
    await expect(page.getByText("Best Match").first()).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "wizard-instructors");
    await page
      .getByRole("button", { name: /^Select / })
      .first()
      .click();
    await continueButton(page).click();

    await expect(page.getByRole("heading", { name: "Pick your lesson times" })).toBeVisible();
    const grid = page.getByRole("grid", { name: "Available days, next 30 days" });
    await grid.locator('[data-availability="both"]').first().click();
    await page
      .getByRole("button", { name: /Pool Hours - Save 35%/ })
      .first()
      .click();
    await page
      .getByRole("button", { name: /^\d{1,2}:\d{2} [ap]m – .*\$\d/ })
      .filter({ hasNotText: "Pool" })
      .last()
      .click();
    // Read the subtotals once both lessons are in the selection, not at whatever moment the click ends
    // (they are in the page at every size; on phones the lesson list itself stays folded away).
    await expect(page.getByTestId("regular-subtotal")).not.toHaveText("$0.00");
    await expect(page.getByTestId("pool-subtotal")).not.toHaveText("$0.00");
    const regular = centsOf(await page.getByTestId("regular-subtotal").textContent());
    const pool = centsOf(await page.getByTestId("pool-subtotal").textContent());
    expect(regular).toBeGreaterThan(0);
    expect(pool).toBeGreaterThan(0);
    // The total is what paying charges: GST (10%, half up) on the ex-GST subtotals.
    const gst = centsOf(await page.getByTestId("selection-gst").textContent());
    expect(gst).toBe(Math.round((regular + pool) * 0.1));
    expect(centsOf(await page.getByTestId("selection-total").textContent())).toBe(regular + pool + gst);
    await page.getByRole("button", { name: "Continue to Payment" }).click();

    await expect(page.getByRole("heading", { name: "Review your booking and pay" })).toBeVisible();
    await expect(page.getByTestId("invoice-subtotal")).toHaveText(/\$/);
    expect(centsOf(await page.getByTestId("invoice-subtotal").textContent())).toBe(regular + pool);
    expect(await payAndReadNotice(page)).toBe("Bookings confirmed successfully!");
    await expect(page).toHaveURL(/\/student\/dashboard/);
    await page.goto("/student/bookings");
    await expect(page.getByText("Scheduled").first()).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "student-bookings");
  });

  test("Flow A: buy the recommended bundle", async ({ page }, testInfo) => {
    await registerStudent(page, { suburb: "Bondi" });
    await startWizard(page, testInfo, "Buy Bundle", "Bondi");
    await expect(page.getByRole("heading", { name: "Choose your instructor" })).toBeVisible();
    await page.getByRole("button", { name: "Auto-Match" }).click();
    await continueButton(page).click();

    await expect(page.getByRole("heading", { name: "Review your bundle and pay" })).toBeVisible();
    // 20 estimated lessons: Large (max(20, 30) = 30 lessons at $65) is the recommended bundle.
    const large = page.getByRole("radio", { name: /^Large bundle/ });
    await expect(large).toBeChecked();
    await expect(page.getByTestId("invoice-total")).toHaveText("$2,145.00");
    await expectAccessible(page);
    await snap(page, testInfo, "wizard-bundle-invoice");
    expect(await payAndReadNotice(page)).toBe("Bundle purchased successfully!");
    await expect(page).toHaveURL(/\/student\/dashboard/);
    await expect(page.getByRole("heading", { name: "Your Bundles" })).toBeVisible();
    await expect(page.getByText(/30 lessons/).first()).toBeVisible();
    await page.goto("/student/bundles");
    await expectAccessible(page);
    await snap(page, testInfo, "student-bundles");
  });

  test("a reload in the middle of the wizard resumes the saved draft", async ({ page }) => {
    await registerStudent(page, { suburb: "Manly" });
    await page.goto("/student/book");
    await page.getByRole("button", { name: "Multi-Select Booking" }).click();
    await choose(page, "Manly");
    await continueButton(page).click();
    await expect(page.getByRole("heading", { name: "Tell us about your driving" })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("heading", { name: "Tell us about your driving" })).toBeVisible();
    await page.getByRole("button", { name: "Back", exact: true }).click();
    await expect(page.getByRole("radio", { name: "Manly" })).toBeChecked();

    // Without resume=true the wizard asks before the draft is thrown away.
    await page.goto("/student/book");
    await expect(page.getByRole("heading", { name: "You have an unfinished booking" })).toBeVisible();
    await page.getByRole("button", { name: "Start a new booking" }).click();
    await expect(page.getByRole("heading", { name: "How would you like to book?" })).toBeVisible();
  });

  test("payment result screens", async ({ page }, testInfo) => {
    await page.goto("/payment/cancelled");
    await expect(page.getByRole("heading", { name: "Payment Cancelled" })).toBeVisible();
    await expect(page.getByText("No charges have been made")).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "payment-cancelled");
    await page.goto("/payment/failed?error=amount_mismatch");
    await expect(page.getByRole("heading", { name: "Payment Failed" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Try Again" })).toHaveAttribute(
      "href",
      /\/student\/book-lessons/,
    );
    await expectAccessible(page);
    await snap(page, testInfo, "payment-failed");
  });
});
