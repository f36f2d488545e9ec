import { expect, type Page, test } from "@playwright/test";
import {
  bookPaidLesson,
  DEMO_PASSWORD,
  expectAccessible,
  holdUnpaidLessons,
  logIn,
  snap,
} from "./support/helpers.ts";

// A student's own cancellation, and lessons held for a checkout that was never paid. Each run books
// its own student; the paid lesson is Daniel Cooper's latest free slot in the next fortnight, so
// always far more than 48 hours ahead: the full-refund tier applies whatever the time of day.

const DAY = 86_400_000;

/** The student's lessons as the API has them. */
async function lessonsOf(page: Page, email: string) {
  const login = await page.request.post("/api/auth/login", { data: { email, password: DEMO_PASSWORD } });
  const profile = await page.request.get("/api/student/profile", {
    headers: { authorization: `Bearer ${(await login.json()).accessToken}` },
  });
  expect(profile.status()).toBe(200);
  return (await profile.json()).bookings as Array<{ id: string; startTime: string; status: string }>;
}

test.describe("cancellations and held lessons", () => {
  test("a student cancels a paid lesson days ahead: the preview, the full refund, and the dashboard agree", async ({
    page,
    playwright,
  }, testInfo) => {
    const paid = await bookPaidLesson(playwright, `Cal${Date.now().toString(36)}`);
    const [booked] = (await lessonsOf(page, paid.email)).filter((b) => b.id === paid.lessonId);
    expect(Date.parse(booked?.startTime ?? "") - Date.now()).toBeGreaterThan(5 * DAY);

    await logIn(page, paid.email);
    await page.goto("/student/bookings");
    await expect(page.getByRole("heading", { level: 1, name: "My bookings" })).toBeVisible();
    const row = page.getByRole("listitem").filter({ hasText: "Wynyard station" });
    await expect(row).toHaveCount(1);
    await expect(row.getByText("Scheduled", { exact: true })).toBeVisible();
    await expect(
      row.getByRole("link", { name: /^Reschedule lesson on \d{2}\/\d{2}\/\d{4} at / }),
    ).toBeVisible();

    const cancel = row.getByRole("button", { name: /^Cancel lesson on \d{2}\/\d{2}\/\d{4} at / });
    // The destructive action reads as one: the theme's red-700, not the ghost button's slate.
    const red700 = await page.evaluate(() => {
      const probe = document.body.appendChild(document.createElement("span"));
      probe.className = "text-red-700";
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
    await expect(cancel).toHaveCSS("color", red700);
    await cancel.click();
    const dialog = page.getByRole("alertdialog", { name: "Cancel this lesson?" });
    const summary = dialog.getByText(
      /^You will get \$\d+\.\d{2} back to your card, including \$\d+\.\d{2} GST\.$/,
    );
    await expect(summary).toBeVisible();
    const [, amount, gst] = defined(
      (await summary.textContent())?.match(/\$(\d+\.\d{2}) back to your card, including \$(\d+\.\d{2}) GST/),
    );
    // The refund is the whole price paid, GST included (a tenth of the net price).
    expect(Number(gst)).toBeCloseTo(Number(amount) / 11, 2);
    await expect(dialog.getByText("Refund", { exact: true }).locator("..")).toContainText(`$${amount}`);
    await expect(dialog.getByText("Of which GST", { exact: true }).locator("..")).toContainText(`$${gst}`);
    await expect(dialog.getByText("Paid back to", { exact: true }).locator("..")).toContainText("Your card");
    await expect(dialog).toContainText(
      /\w{3} \d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} (am|pm) – .* with Daniel Cooper/,
    );
    await expect(dialog.getByRole("button", { name: "Keep lesson" })).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "cancel-lesson-dialog");

    await dialog.getByRole("button", { name: "Cancel lesson" }).click();
    await expect(dialog).toBeHidden();
    const note = page.getByRole("status").filter({ hasText: "cancelled." });
    await expect(note).toContainText(
      new RegExp(`^Lesson on \\d{2}/\\d{2}/\\d{4} at .* cancelled\\. Refunded \\$${amount} to your card\\.$`),
    );
    await expect(row.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(row).toContainText(`Refunded $${amount} to your card`);
    await expect(row.getByRole("button", { name: /^Cancel/ })).toHaveCount(0);
    await expect(page.getByText("0 scheduled")).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "cancel-lesson-done");

    expect((await lessonsOf(page, paid.email)).find((b) => b.id === paid.lessonId)?.status).toBe("CANCELLED");

    // After a reload the profile alone tells the same story.
    await page.reload();
    await expect(row).toContainText(`Refunded $${amount} to your card`);

    await page.goto("/student/dashboard");
    const upcoming = page
      .getByRole("heading", { name: "Upcoming Lessons" })
      .locator("xpath=ancestor::*[contains(@class,'rounded-2xl')][1]");
    await expect(upcoming.getByText("No upcoming lessons")).toBeVisible();
    await expect(upcoming).not.toContainText("Wynyard station");
    await snap(page, testInfo, "cancel-lesson-dashboard");
  });

  test("lessons held for an unpaid checkout show Pay now and Release; Release lets them go", async ({
    page,
    playwright,
  }, testInfo) => {
    const paid = await bookPaidLesson(playwright, `Hel${Date.now().toString(36)}`);
    const held = await holdUnpaidLessons(playwright, paid.email, { count: 2, minDaysAhead: 5 });
    const heldIds = (await lessonsOf(page, paid.email))
      .filter((b) => b.status === "PENDING_PAYMENT")
      .map((b) => b.startTime);
    expect(heldIds.sort()).toEqual([...held.startTimes].sort());

    await logIn(page, paid.email);
    await page.goto("/student/bookings");
    const checkouts = page.getByRole("list", { name: "Checkouts waiting for payment" });
    await expect(checkouts).toBeVisible();
    const checkout = checkouts.getByRole("listitem").first();
    await expect(checkout.getByRole("listitem")).toHaveCount(2);
    await expect(checkout).toContainText(/Held until \d{1,2}:\d{2} (am|pm).* \(Sydney time\)/);
    await expect(checkout).toContainText(/2 lessons · \$\d+\.\d{2} incl\. GST · \$\d+\.\d{2} \+ GST/);
    await expect(checkout.getByRole("button", { name: /^Pay now for 2 lessons held until / })).toBeVisible();
    const release = checkout.getByRole("button", { name: /^Release for 2 lessons held until / });
    await expect(release).toBeVisible();
    // The paid lesson is upcoming as usual; the held ones are not.
    await expect(page.getByText("1 scheduled")).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "held-lessons-bookings");

    // Pay now shows the server's invoice first; closing it changes nothing.
    await checkout.getByRole("button", { name: /^Pay now/ }).click();
    const pay = page.getByRole("alertdialog", { name: "Pay for your held lessons" });
    await expect(pay.getByText("Total", { exact: true })).toBeVisible();
    await expect(pay.getByRole("button", { name: /^Pay \$\d+\.\d{2}$/ })).toBeEnabled();
    await expectAccessible(page);
    await snap(page, testInfo, "held-lessons-pay-dialog");
    await pay.getByRole("button", { name: "Not now" }).click();
    await expect(pay).toBeHidden();

    await release.click();
    await expect(
      page.getByText("Released 2 lessons: those times are free for others again. Nothing was charged."),
    ).toBeVisible();
    await expect(checkouts).toBeHidden();
    await expect(page.getByRole("heading", { name: "Waiting for payment" })).toHaveCount(0);
    expect((await lessonsOf(page, paid.email)).filter((b) => b.status === "PENDING_PAYMENT")).toHaveLength(0);
    await snap(page, testInfo, "held-lessons-released");

    await page.goto("/student/dashboard");
    await expect(page.getByRole("heading", { name: "Upcoming Lessons" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Checkouts waiting for payment" })).toHaveCount(0);
  });
});

function defined<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error("Expected a value");
  return value;
}
