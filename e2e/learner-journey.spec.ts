import { addDaysToDate, sydneyTodayDate } from "@kerb/shared/rules";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, logIn, snap } from "./support/helpers.ts";
import { JOURNEY_SUBURB, journeyAccounts } from "./support/journey-accounts.ts";
import { mailTo } from "./support/mailbox.ts";

// Issue 23 items 1-3 in Chromium: the learner's assessment (given in the booking wizard) reaches their
// instructor on the lesson; the instructor marks and records a lesson; the record reaches the learner by
// email and on the progress page with its NSW logbook hours. The seed (seed-learner-journey.ts) gives
// each project a learner of 17 and an instructor of their own in Chatswood, who taught the learner a
// card-paid lesson two days ago, 10-11 am, still to be marked (no booking can place a past lesson).

const continueButton = (page: Page) => page.getByRole("button", { name: "Continue", exact: true });
const next = (page: Page) => page.getByRole("button", { name: "Next", exact: true }).click();

/** React Aria keeps native radios and checkboxes visually hidden inside their labels: click the label. */
async function choose(page: Page, name: string | RegExp, role: "radio" | "checkbox" = "radio") {
  await page
    .locator("label")
    .filter({ has: page.getByRole(role, { name }) })
    .first()
    .click();
}

/** "2026-09-14" → "14/09/2026", as en-AU pages and emails write a date. */
const auDate = (isoDate: string) => isoDate.split("-").reverse().join("/");

test.describe("the learner's journey", () => {
  test("assessment in the wizard → the instructor sees it, marks and records the lesson → the learner's email, progress and logbook", async ({
    page,
    browser,
  }, testInfo) => {
    const accounts = journeyAccounts(testInfo.project.name);
    const learner = `${accounts.studentFirstName} ${accounts.studentLastName}`;
    const instructor = `${accounts.instructorFirstName} ${accounts.instructorLastName}`;
    const testDate = addDaysToDate(sydneyTodayDate(new Date()), 75);

    // 1. The learner books a lesson with their instructor through the wizard, answering the assessment.
    await logIn(page, accounts.student);
    await page.goto("/student/book");
    await page.getByRole("button", { name: "Multi-Select Booking" }).click();
    await expect(page.getByRole("radio", { name: JOURNEY_SUBURB })).toBeChecked();
    await continueButton(page).click();
    await expect(page.getByRole("heading", { name: "Tell us about your driving" })).toBeVisible();
    await choose(page, /some experience/i);
    await next(page);
    await choose(page, /Automatic/);
    await next(page);
    await page.getByLabel("Target test date (optional)").fill(testDate);
    await next(page);
    await choose(page, "Parallel Parking", "checkbox");
    await choose(page, "Roundabouts", "checkbox");
    await expect(page.getByRole("checkbox", { name: "Roundabouts" })).toBeChecked();
    await next(page);
    const answers = page.locator("dl").filter({ hasText: "Focus skills" });
    await expect(answers).toContainText("I have some experience");
    await expect(answers).toContainText(auDate(testDate));
    await expect(answers).toContainText("Parallel Parking, Roundabouts");
    await continueButton(page).click();
    await choose(page, /Pick Instructor/);
    await continueButton(page).click();
    await expect(page.getByRole("heading", { name: "Choose your instructor" })).toBeVisible();
    await page
      .getByRole("button", { name: `Select ${instructor}` })
      .first()
      .click();
    await continueButton(page).click();

    await expect(page.getByRole("heading", { name: "Pick your lesson times" })).toBeVisible();
    // A few days out: clear of today's passing hours.
    const days = page.getByRole("grid", { name: /^Available days/ }).locator("button:not([disabled])");
    await days.nth(3).click();
    const times = page.getByRole("list", { name: /^Times on / }).getByRole("button", { disabled: false });
    await times.first().click();
    await expect(times.first()).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(page.getByRole("heading", { name: "Review your booking and pay" })).toBeVisible();
    await page.getByLabel("Pickup address").fill("1 Railway St, Chatswood");
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(/\/student\/dashboard/);
    await expect(
      page.getByRole("status").filter({ hasText: "Bookings confirmed successfully!" }),
    ).toBeVisible();

    // 2. The instructor sees the assessment on the new lesson.
    const instructorContext = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: testInfo.project.use.viewport ?? null,
    });
    const teacher = await instructorContext.newPage();
    await logIn(teacher, accounts.instructor);
    await teacher.goto("/instructor/lessons");
    const booked = teacher
      .getByRole("list", { name: "Upcoming lessons" })
      .getByRole("listitem")
      .filter({ hasText: learner });
    await expect(booked).toHaveCount(1);
    await expect(booked).toContainText("1 Railway St, Chatswood");
    await expect(booked).toContainText(`Some experience · Automatic licence · Test ${auDate(testDate)}`);
    await expect(booked).toContainText("Wants to work on");
    await expect(booked).toContainText("Parallel Parking");
    await expect(booked).toContainText("Roundabouts");
    await snap(teacher, testInfo, "journey-instructor-assessment");

    // 3. The lesson taught two days ago: marked completed, then recorded.
    await teacher.getByRole("tab", { name: "Past" }).click();
    const taught = teacher
      .getByRole("list", { name: "Past lessons" })
      .getByRole("listitem")
      .filter({ hasText: learner });
    await expect(taught).toContainText("Parallel Parking");
    await taught.getByRole("button", { name: "Mark completed" }).click();
    const confirm = teacher.getByRole("alertdialog", { name: "Mark this lesson completed?" });
    await confirm.getByRole("button", { name: "Mark completed" }).click();
    await expect(confirm).toBeHidden();

    // The record opens at once, the learner's focus skills first.
    const form = teacher.getByRole("form", { name: `Lesson record for ${accounts.studentFirstName}` });
    await expect(form.getByRole("radiogroup").first()).toHaveAccessibleName("Parallel Parking: level");
    const level = (skill: string, name: string) =>
      form
        .getByRole("radiogroup", { name: `${skill}: level` })
        .getByRole("radio", { name })
        .click();
    await level("Parallel Parking", "Practising");
    await level("Roundabouts", "Competent");
    await level("Hill Starts", "Introduced");
    await form
      .getByLabel(`Note for ${accounts.studentFirstName} (optional)`)
      .fill("Good mirror checks. Next time: reverse parking.");
    await form.locator("label").filter({ hasText: "I confirm this was a structured lesson" }).click();
    await expect(form.getByRole("checkbox", { name: /structured lesson with me/ })).toBeChecked();
    await expectAccessible(teacher);
    await snap(teacher, testInfo, "journey-lesson-record");
    await form.getByRole("button", { name: "Save record" }).click();
    await expect(
      teacher.getByText(new RegExp(`saved and emailed to ${accounts.studentFirstName}\\.`)),
    ).toBeVisible();
    const saved = taught.getByRole("region", { name: "Lesson record" });
    await expect(saved).toContainText("Roundabouts · Competent");
    await expect(saved).toContainText("Confirmed as a structured lesson for the NSW logbook");
    await instructorContext.close();

    // 4. The learner's email: the skills with their levels, the note and a link to the progress page.
    const recorded = (m: { subject: string }) => m.subject.endsWith(": what you worked on");
    const mail = (await mailTo(accounts.student, recorded)).find(recorded);
    // Two days before the server started (the seed's date, whatever the date is now).
    const taughtOn = mail?.subject.match(/^Your lesson on (\d{2}\/\d{2}\/\d{4}): what you worked on$/)?.[1];
    expect(taughtOn, "the lesson's date in the subject").toBeTruthy();
    expect(mail?.text).toContain(`${instructor} has recorded your lesson on ${taughtOn}`);
    expect(mail?.text).toContain("Good mirror checks. Next time: reverse parking.");
    expect(mail?.text).toMatch(/Parallel Parking\W+Practising/);
    expect(mail?.text).toMatch(/Roundabouts\W+Competent/);
    expect(mail?.text).toMatch(/Hill Starts\W+Introduced/);
    expect(mail?.text).toContain("confirmed it as a structured lesson for your NSW learner logbook");
    const link = mail?.text.match(/https?:\/\/\S+\/student\/progress\b/)?.[0];
    expect(link, "progress link in the email").toBeTruthy();

    // 5. The progress page from the emailed link: the levels, the focus skills, the logbook hours.
    await page.goto(new URL(link ?? "").pathname);
    await expect(page.getByRole("heading", { level: 1, name: "Your progress" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Lessons done" })).toContainText("1 h behind the wheel");
    // A skill's row under "Your skills" (not its badge in a lesson's record or in what to work on next).
    const skill = (name: string) =>
      page
        .getByRole("listitem")
        .filter({ hasText: new RegExp(`^${name}`) })
        .filter({ hasText: /Last practised|Not practised yet/ });
    await expect(skill("Parallel Parking")).toContainText("Practising");
    await expect(skill("Parallel Parking")).toContainText("Your focus");
    await expect(skill("Roundabouts")).toContainText("Competent");
    await expect(skill("Hill Starts")).toContainText("Introduced");
    await expect(skill("Night Driving")).toContainText("Not started");
    await expect(page.getByText("Good mirror checks. Next time: reverse parking.")).toBeVisible();

    // The logbook, by hand: 10:00-11:00 am is daylight on any date (at Chatswood the latest sunrise is
    // 7:09 am, early April before daylight saving ends; the earliest sunset 4:53 pm in June), so 60 day
    // minutes and no night. It is the learner's first lesson,
    // inside the first 10 hours, so all 60 minutes earn the bonus: 60 + 2 × 60 = 180 day minutes = 3 h,
    // leaving 10 h - 1 h = 9 h of lessons that still count three times. Night: 0 of 20 h.
    const logbook = page.getByRole("list", { name: "Lessons in your logbook" }).getByRole("listitem");
    await expect(logbook).toHaveCount(1);
    await expect(logbook).toContainText(`${taughtOn} · 10:00 am – 11:00 am`);
    await expect(logbook).toContainText("+3 h");
    await expect(logbook).toContainText("Daytime");
    await expect(logbook).toContainText(`${instructor} · licence ${accounts.licenseNumber}`);
    await expect(logbook).toContainText("Confirmed");
    await expect(page.getByRole("progressbar", { name: "Logbook hours from lessons" })).toHaveAttribute(
      "aria-valuetext",
      "3 of 120 h",
    );
    await expect(page.getByRole("progressbar", { name: "Night hours" })).toHaveAttribute(
      "aria-valuetext",
      "0 of 20 h",
    );
    await expect(
      page.getByText("3 h credited so far; your next 9 h of lessons still count 3 times."),
    ).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "journey-progress");
  });
});
