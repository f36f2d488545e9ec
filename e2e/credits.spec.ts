import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { scaled } from "../apps/api/src/test/time-scale.ts";
import { bookPaidLesson, expectAccessible, logIn, registerStudent, snap } from "./support/helpers.ts";

// A suburb the other specs leave alone, so their bookings never take this student's times.
const SUBURB = "Hornsby";
const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });
const continueButton = (page: Page) => page.getByRole("button", { name: "Continue", exact: true });

/** React Aria hides native radios inside their labels: click the label, as a person would. */
async function choose(page: Page, name: string | RegExp, role: "radio" | "checkbox" = "radio") {
  await page
    .locator("label")
    .filter({ has: page.getByRole(role, { name }) })
    .first()
    .click();
}

/** Flow A with Auto-Match, paid in demo mode: returns the instructor Auto-Match picked. */
async function buyBundleWithAutoMatch(page: Page): Promise<string> {
  await page.goto("/student/book");
  await page.getByRole("button", { name: "Buy Bundle" }).click();
  await page.getByLabel("Search suburbs").fill(SUBURB.slice(0, 4));
  await choose(page, SUBURB);
  await continueButton(page).click();
  await expect(heading(page, "Tell us about your driving")).toBeVisible();
  await choose(page, /never driven/i);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await choose(page, /Automatic/);
  for (let question = 3; question <= 5; question++) {
    await page.getByRole("button", { name: "Next", exact: true }).click();
  }
  await continueButton(page).click();

  await expect(heading(page, "Choose your instructor")).toBeVisible();
  await page.getByRole("button", { name: "Auto-Match" }).click();
  const selected = await page.getByText(/^Selected: Auto-Match \(.+\)$/).textContent();
  const instructor = (selected ?? "").replace(/^Selected: Auto-Match \((.+)\)$/, "$1");
  await continueButton(page).click();

  await expect(heading(page, "Review your bundle and pay")).toBeVisible();
  await expect(page.getByText(`Instructor: ${instructor} (Auto-Match)`)).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/student\/dashboard/);
  // The spec's words (§8), in the dashboard's status message rather than a native alert.
  await expect(page.getByRole("status").filter({ hasText: "Bundle purchased successfully!" })).toBeVisible();
  return instructor;
}

/** The bundle card on the dashboard (the newest is the only one this student has). */
const bundleCard = (page: Page) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /-lesson bundle$/ }) });

/**
 * Picks `count` lessons from the far end of the calendar, so every one is well over 48 hours away
 * (the cancellation below must get the credit back).
 */
async function pickLastTimes(page: Page, count: number) {
  const grid = page.getByRole("grid", { name: /^Available days/ });
  const days = grid.locator("button:not([disabled])");
  const dayCount = await days.count();
  expect(dayCount).toBeGreaterThanOrEqual(count);
  // One lesson a day, from the last day back: no two can clash.
  for (let picked = 0; picked < count; picked++) {
    await days.nth(dayCount - 1 - picked).click();
    const times = page.getByRole("list", { name: /^Times on / }).getByRole("button", { disabled: false });
    await times.first().click();
    await expect(times.first()).toHaveAttribute("aria-pressed", "true");
  }
}

async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("kerb.auth") ?? "{}").accessToken as string);
}

type ProfileLesson = { id: string; startTime: string; status: string; bundleId: string | null };

async function creditLessons(page: Page): Promise<ProfileLesson[]> {
  const response = await page.request.get("/api/student/profile", {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(response.status()).toBe(200);
  const profile = (await response.json()) as { bookings: ProfileLesson[] };
  return profile.bookings
    .filter((b) => b.bundleId !== null && b.status === "SCHEDULED")
    .sort((a, b) => a.startTime.localeCompare(b.startTime));
}

async function look(page: Page, testInfo: TestInfo, name: string) {
  await expectAccessible(page);
  await snap(page, testInfo, name);
}

test.describe("bundle credits", () => {
  test("buy a bundle, book 3 lessons with its credits, cancel one for the credit back, reschedule another", async ({
    page,
  }, testInfo) => {
    test.setTimeout(scaled(120_000));
    await registerStudent(page, { suburb: SUBURB, firstName: "Cody" });
    const instructor = await buyBundleWithAutoMatch(page);

    // The bundle is for the instructor Auto-Match picked; "Use Bundle" opens their calendar in credits.
    const card = bundleCard(page);
    await expect(card).toContainText(`With ${instructor}`);
    await expect(card.getByRole("progressbar", { name: "Credits used" })).toHaveAttribute(
      "aria-valuetext",
      /^0 of \d+$/,
    );
    const total = Number(
      ((await card.getByRole("progressbar").getAttribute("aria-valuetext")) ?? "").split(" of ")[1],
    );
    await card.getByRole("link", { name: "Use Bundle" }).click();
    await expect(page).toHaveURL(/\/student\/bundles\/[0-9a-f-]+\/book$/);
    await expect(heading(page, "Book lessons with your bundle")).toBeVisible();
    await expect(page.getByText(`Showing times with ${instructor}`)).toBeVisible();
    await expect(page.getByText(`Paid with bundle credits (${total} left)`).first()).toBeVisible();
    await look(page, testInfo, "credits-1-calendar");

    await pickLastTimes(page, 3);
    const panel = page.getByRole("complementary", { name: "Your selection" });
    await expect(panel.getByText(`3 lessons · Paid with bundle credits (${total - 3} left)`)).toBeVisible();
    await expect(page.getByRole("list", { name: /^Times on / })).toContainText("1 credit");
    await look(page, testInfo, "credits-2-selected");

    await panel.getByRole("button", { name: "Review lessons" }).click();
    await expect(heading(page, "Review and book with credits")).toBeVisible();
    await expect(page.getByTestId("credit-payment")).toHaveText(
      `Paid with bundle credits (${total - 3} left)`,
    );
    await expect(page.getByText(/GST \(\d+%\)/)).toHaveCount(0);
    await page.getByLabel("Pickup address").fill("1 Peats Ferry Rd, Hornsby");
    await look(page, testInfo, "credits-3-review");
    await page.getByRole("button", { name: "Book 3 lessons with credits" }).click();

    await expect(heading(page, "Lessons booked")).toBeVisible();
    await expect(page.getByText(`3 lessons booked with ${instructor}`)).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Bundle credits used" })).toHaveAttribute(
      "aria-valuetext",
      `3 of ${total} used`,
    );
    await look(page, testInfo, "credits-4-booked");
    await page.getByRole("link", { name: "Go to dashboard" }).click();
    await expect(bundleCard(page).getByRole("progressbar")).toHaveAttribute(
      "aria-valuetext",
      `3 of ${total}`,
    );
    await snap(page, testInfo, "credits-5-dashboard");

    // Cancel the first of them, weeks away: the credit goes back to the bundle (the cancel dialog has
    // its own journey in cancellations.spec.ts).
    const [first, second] = await creditLessons(page);
    expect(first && second).toBeTruthy();
    const cancelled = await page.request.post(`/api/student/bookings/${first?.id}/cancel`, {
      headers: { authorization: `Bearer ${await accessToken(page)}` },
    });
    expect(cancelled.status()).toBe(200);
    expect((await cancelled.json()).refund).toEqual({ amount: 0, gst: 0, method: "CREDIT" });
    await page.reload();
    await expect(bundleCard(page).getByRole("progressbar")).toHaveAttribute(
      "aria-valuetext",
      `2 of ${total}`,
    );

    // Reschedule the second to another free time of the same kind.
    await page.goto(`/student/bookings/${second?.id}/reschedule`);
    await expect(heading(page, "Reschedule lesson")).toBeVisible();
    await expect(page.getByRole("grid").getByRole("button", { name: /Your lesson now$/ })).toHaveCount(1);
    await look(page, testInfo, "credits-6-reschedule");
    const grid = page.getByRole("grid", { name: /^Available days/ });
    const openDays = grid.locator("button:not([disabled])");
    await openDays.first().click();
    await page
      .getByRole("list", { name: /^Times on / })
      .getByRole("button", { disabled: false })
      .first()
      .click();
    const move = page.getByRole("button", { name: /^Move lesson to / });
    const label = (await move.textContent()) ?? "";
    const [, newDate, newTime] = /(\d{2}\/\d{2}\/\d{4}), (\d{1,2}:\d{2} [ap]m)$/.exec(label) ?? [];
    expect(newDate && newTime).toBeTruthy();
    await snap(page, testInfo, "credits-7-reschedule-chosen");
    await move.click();
    await expect(page.getByText(label.replace("Move lesson to", "Lesson moved to"))).toBeVisible();
    await look(page, testInfo, "credits-8-rescheduled");

    await page.getByRole("link", { name: "See my lessons" }).click();
    await expect(page).toHaveURL(/\/student\/bookings$/);
    await expect(
      page
        .getByRole("listitem")
        .filter({ hasText: newDate as string })
        .filter({ hasText: `${newTime} –` }),
    ).toHaveCount(1);
    await snap(page, testInfo, "credits-9-bookings");
  });
});

test.describe("reschedule", () => {
  test("a paid lesson more than 24 hours away moves to another free time of its kind", async ({
    page,
    playwright,
  }, testInfo) => {
    const paid = await bookPaidLesson(playwright, "Remy");
    await logIn(page, paid.email);
    // The Reschedule action on My lessons comes with the cancel work; the page is reached by its address.
    await page.goto(`/student/bookings/${paid.lessonId}/reschedule`);
    await expect(heading(page, "Reschedule lesson")).toBeVisible();
    await expect(page.getByText("Daniel Cooper").first()).toBeVisible();
    const grid = page.getByRole("grid", { name: /^Available days/ });
    await expect(grid.getByRole("button", { name: /Your lesson now$/ })).toHaveCount(1);
    await look(page, testInfo, "reschedule-1-calendar");

    await grid.locator("button:not([disabled])").first().click();
    await page
      .getByRole("list", { name: /^Times on / })
      .getByRole("button", { disabled: false })
      .first()
      .click();
    const move = page.getByRole("button", { name: /^Move lesson to / });
    const label = (await move.textContent()) ?? "";
    const [, newDate, newTime] = /(\d{2}\/\d{2}\/\d{4}), (\d{1,2}:\d{2} [ap]m)$/.exec(label) ?? [];
    expect(newDate && newTime).toBeTruthy();
    await look(page, testInfo, "reschedule-2-chosen");
    await move.click();

    await expect(heading(page, "Lesson moved")).toBeVisible();
    await expect(page.getByText(label.replace("Move lesson to", "Lesson moved to"))).toBeVisible();
    await look(page, testInfo, "reschedule-3-moved");
    await page.getByRole("link", { name: "See my lessons" }).click();
    await expect(page).toHaveURL(/\/student\/bookings$/);
    await expect(
      page
        .getByRole("listitem")
        .filter({ hasText: newDate as string })
        .filter({ hasText: `${newTime} –` }),
    ).toHaveCount(1);
    await snap(page, testInfo, "reschedule-4-bookings");
  });
});
