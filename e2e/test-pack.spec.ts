import { addDaysToDate, sydneyTodayDate, sydneyWeekday } from "@kerb/shared/rules";
import { expect, test } from "@playwright/test";
import { expectAccessible, registerStudent, snap } from "./support/helpers.ts";

/** A weekday about three weeks ahead: inside the booking horizon, clear of most specs' first days. */
function testDate(): string {
  let date = addDaysToDate(sydneyTodayDate(new Date()), 20);
  while ([0, 6].includes(sydneyWeekday(date))) date = addDaysToDate(date, 1);
  return date;
}

test("a learner books a driving test package from the dashboard and pays in demo mode", async ({
  page,
}, testInfo) => {
  await registerStudent(page, { suburb: "Parramatta", firstName: "Tess" });
  await page.getByRole("link", { name: "Book a test package" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Book a driving test package" })).toBeVisible();

  // The learner's suburb is the pick-up; centres come nearest first.
  await expect(page.getByLabel("Pick-up suburb")).toHaveValue("Parramatta");
  await page.getByLabel("Test centre").selectOption("ryde");
  await page.getByLabel("Test date").fill(testDate());
  await page.getByLabel("Test time (Sydney)").fill("16:00");
  await page.getByLabel("Pickup address").fill("1 Church Street, Parramatta");
  await page.getByRole("button", { name: "Find instructors" }).click();

  const plan = page.getByRole("list", { name: /'s plan for the day$/ }).first();
  await expect(plan).toContainText("Your test at 4:00 pm");
  await expect(plan).toContainText(/Pick-up \d{1,2}:\d{2} pm/);
  await expectAccessible(page);
  await snap(page, testInfo, "test-pack-options");

  await page
    .getByRole("button", { name: /^Book with / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/student\/dashboard/);
  await expect(
    page.getByRole("status").filter({ hasText: /^Test package booked: .+ picks you up at/ }),
  ).toBeVisible();

  // Service NSW moved the test an hour earlier: the pack follows it, not a slot of the calendar.
  await page.goto("/student/bookings");
  await page.getByRole("button", { name: /to my new test time$/ }).click();
  const move = page.getByRole("dialog", { name: "Move to my new test time" });
  await move.getByLabel("Test time (Sydney)").fill("15:00");
  await expectAccessible(page);
  await snap(page, testInfo, "test-pack-move");
  await move.getByRole("button", { name: "Move my package" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: /^Test package moved: your test is at 3:00 pm on / }),
  ).toBeVisible();
});
