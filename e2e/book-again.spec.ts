import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, logIn, snap } from "./support/helpers.ts";

// Book again (issue 34) on a phone: the demo student's completed 2-hour lesson with Daniel Cooper,
// repeated from the dashboard card's More times: choose a time, confirm (demo mode, by card), see it
// booked. The lesson is cancelled again at the end (a cancellation, as the learner could), so the seeded
// data the other specs read is as it was. Phone only: it is a learner's flow, and one run is enough.

async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("kerb.auth") ?? "{}").accessToken as string);
}

type Lesson = { id: string; status: string; startTime: string; endTime: string };

async function scheduledLessons(page: Page): Promise<Lesson[]> {
  const response = await page.request.get("/api/student/profile", {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()).bookings as Lesson[]).filter((b) => b.status === "SCHEDULED");
}

test("book again from the dashboard in two steps: choose a time, confirm", async ({ page }, testInfo) => {
  await logIn(page, "student@demo.test");
  await page.goto("/student/dashboard");

  const card = page
    .locator(".rounded-2xl")
    .filter({ has: page.getByRole("heading", { name: /^Book again with / }) });
  await expect(card.getByRole("heading", { name: "Book again with Daniel" })).toBeVisible();
  await expect(card.getByText(/^2 hours · pickup /)).toBeVisible();
  await expect(card.getByRole("list", { name: "Next times with Daniel" }).getByRole("button")).toHaveCount(3);
  await expectAccessible(page);
  await snap(page, testInfo, "book-again-dashboard");

  await card.getByRole("link", { name: "More times" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Book again with Daniel Cooper" })).toBeVisible();
  const times = page.getByRole("list", { name: "Next times with Daniel" }).getByRole("button");
  expect(await times.count()).toBeGreaterThan(3);
  // The last time offered: far enough ahead that cancelling it at the end refunds it in full.
  await times.last().click();

  const dialog = page.getByRole("dialog", { name: "Confirm your lesson" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Daniel Cooper", { exact: true })).toBeVisible();
  await expect(dialog.getByText("2 hours", { exact: true })).toBeVisible();
  await expect(dialog.getByText(/\d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(dialog.getByText("incl. GST", { exact: false }).first()).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, "book-again-confirm");
  const before = await scheduledLessons(page);
  await dialog.getByRole("button", { name: /^Confirm and pay \$/ }).click();

  const booked = page.getByText(/^Booked: /);
  await expect(booked).toBeVisible();
  await expect(dialog).toBeHidden();
  await snap(page, testInfo, "book-again-booked");

  // The booked lesson is the one new SCHEDULED lesson, of the same 2 hours; on My bookings too. Then it is
  // let go again for the specs after this one.
  const after = await scheduledLessons(page);
  const added = after.filter((b) => !before.some((x) => x.id === b.id));
  expect(added).toHaveLength(1);
  const lesson = added[0];
  expect(lesson && (Date.parse(lesson.endTime) - Date.parse(lesson.startTime)) / 60_000).toBe(120);
  await page.getByRole("link", { name: "See my bookings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My bookings" })).toBeVisible();
  const cancelled = await page.request.post(`/api/student/bookings/${lesson?.id}/cancel`, {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(cancelled.status()).toBe(200);
});
