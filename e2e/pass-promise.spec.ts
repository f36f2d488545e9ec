import { addDaysToDate, sydneyTodayDate, sydneyWeekday } from "@kerb/shared/rules";
import { expect, test } from "@playwright/test";
import { expectAccessible, logIn, snap, snapPart } from "./support/helpers.ts";

/**
 * The pass promise live (issue 33), on the demo data: Tess has ten completed lessons and a driving-test
 * package at Botany a few days ago whose result nobody has recorded (seed-test-day.ts). She has one such
 * pack, so one project runs the story: the phone, as most instructors and learners use Kerb on one.
 */
test("the instructor records a test not passed, the learner claims and the admin approves", async ({
  browser,
}, testInfo) => {
  const as = async (email: string) => {
    const context = await browser.newContext({ ...testInfo.project.use });
    const page = await context.newPage();
    await logIn(page, email);
    return page;
  };

  const instructor = await as("instructor@demo.test");
  await instructor.goto("/instructor/lessons?tab=past");
  const tessLesson = instructor
    .getByRole("listitem")
    .filter({ hasText: "Tess" })
    .filter({
      has: instructor.getByRole("region", { name: "Driving test package" }),
    });
  const pack = tessLesson.getByRole("region", { name: "Driving test package" });
  await expect(tessLesson).toContainText(/Test package · Botany Service Centre · test 10:30 am/);
  await pack.getByLabel("How did the test go?").selectOption("FAILED");
  await expectAccessible(instructor);
  await snapPart(tessLesson, testInfo, "test-pack-result-form");
  await pack.getByRole("button", { name: "Record result" }).click();
  await expect(instructor.getByText("Test result recorded for Tess: not passed.")).toBeVisible();

  const tess = await as("tess@demo.test");
  await tess.goto("/student/progress");
  const card = tess.getByRole("region", { name: "Driving test packages" });
  await expect(card).toContainText("Not passed");
  await expect(card).toContainText("Botany Service Centre");
  await card.getByRole("button", { name: "Claim a free second test package" }).click();
  await expect(card).toContainText("Kerb is checking it and will email you");
  await expectAccessible(tess);
  await snapPart(card, testInfo, "test-pack-progress-claimed");

  const admin = await as("admin@demo.test");
  await admin.goto("/admin/pass-promise");
  const row = admin.getByRole("row").filter({ hasText: "Tess" });
  await expect(row).toContainText("Daniel Cooper: not passed");
  await expectAccessible(admin);
  await snap(admin, testInfo, "pass-promise-claims");
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(row.getByRole("button", { name: "Approve" })).toHaveCount(0);

  await tess.reload();
  await expect(card).toContainText("Your free second test package is ready");

  // The credit pays her next pack: no card.
  await card.getByRole("link", { name: "Book a test package" }).click();
  await expect(tess.getByText(/You have a test package credit to use by \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await tess.getByLabel("Test centre").selectOption("ryde");
  await tess.getByLabel("Test date").fill(testDate());
  await tess.getByLabel("Test time (Sydney)").fill("10:30");
  await tess.getByRole("button", { name: "Find instructors" }).click();
  await tess
    .getByRole("button", { name: /^Use my test-pack credit with / })
    .first()
    .click();
  await expect(
    tess.getByRole("status").filter({ hasText: /^Test package booked with your credit: .+ picks you up at/ }),
  ).toBeVisible();
});

/** A weekday four weeks ahead, clear of the other pack spec's day (e2e/test-pack.spec.ts). */
function testDate(): string {
  let date = addDaysToDate(sydneyTodayDate(new Date()), 27);
  while ([0, 6].includes(sydneyWeekday(date))) date = addDaysToDate(date, 1);
  return date;
}
