import { expect, type Page, test } from "@playwright/test";
import {
  bookPaidLesson,
  DEMO_PASSWORD,
  expectAccessible,
  logIn,
  snap,
  uniqueEmail,
} from "./support/helpers.ts";
import { mailTo, type ReceivedMail } from "./support/mailbox.ts";
import { TRUST_SUBURB, trustAccounts } from "./support/trust-accounts.ts";

const continueButton = (page: Page) => page.getByRole("button", { name: "Continue", exact: true });

/** React Aria keeps native radios visually hidden inside their labels: click the label, as a person would. */
async function choose(page: Page, name: string | RegExp, role: "radio" | "checkbox" = "radio") {
  await page
    .locator("label")
    .filter({ has: page.getByRole(role, { name }) })
    .first()
    .click();
}

/** Multi-select booking in `suburb`, through the assessment, to the instructor cards. */
async function openInstructorCards(page: Page, suburb: string) {
  await page.goto("/student/book");
  await page.getByRole("button", { name: "Multi-Select Booking" }).click();
  await page.getByLabel("Search suburbs").fill(suburb.slice(0, 4));
  await choose(page, suburb);
  await continueButton(page).click();
  await choose(page, /never driven/i);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await choose(page, /Automatic/);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await continueButton(page).click();
  await choose(page, /Pick Instructor/);
  await continueButton(page).click();
  await expect(page.getByRole("heading", { name: "Choose your instructor" })).toBeVisible();
}

test.describe("trust: email, reviews, recovery, compliance", () => {
  test("a paid booking emails the student (with an .ics) and the instructor", async ({ playwright }) => {
    const firstName = `Mia${Date.now().toString(36)}`;
    const { email } = await bookPaidLesson(playwright, firstName);

    const [toStudent] = await mailTo(email, (m) => /confirmed/i.test(m.subject));
    expect(toStudent?.subject).toMatch(/confirmed/i);
    expect(toStudent?.text).toMatch(/Daniel/);
    expect(toStudent?.text).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    const invite = toStudent?.attachments.find((a) => a.filename?.endsWith(".ics"));
    expect(invite?.content).toContain("BEGIN:VCALENDAR");

    const toInstructor = await mailTo("instructor@demo.test", (m) => m.subject.includes(firstName));
    const booked = toInstructor.find((m) => m.subject.includes(firstName));
    expect(booked?.subject).toMatch(/New booking/);
    expect(booked?.text).toMatch(/\d{2}\/\d{2}\/\d{4}/);
  });

  test("taught → marked → reviewed → the instructor's card shows the new rating", async ({
    page,
  }, testInfo) => {
    const accounts = trustAccounts(testInfo.project.name);
    const instructorName = `${accounts.instructorFirstName} ${accounts.instructorLastName}`;

    await logIn(page, accounts.instructor);
    await page.goto("/instructor/lessons");
    await page.getByRole("tab", { name: "Past" }).click();
    await page.getByRole("button", { name: "Mark completed" }).first().click();
    const confirm = page.getByRole("alertdialog", { name: "Mark this lesson completed?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Mark completed" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(/Completed/).first()).toBeVisible();

    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await logIn(page, accounts.student);
    await page.goto("/student/bookings");
    await page.getByRole("button", { name: /^Review lesson on/ }).click();
    const dialog = page.getByRole("dialog", {
      name: `Review your lesson with ${accounts.instructorFirstName}`,
    });
    await expect(dialog).toBeVisible();
    await dialog
      .locator("label")
      .filter({ has: page.getByRole("radio", { name: "5 stars" }) })
      .click();
    await dialog
      .getByLabel("Comment (optional)")
      .fill("Patient and clear. Parallel parking finally clicked.");
    await expectAccessible(page);
    await snap(page, testInfo, "review-dialog");
    await dialog.getByRole("button", { name: "Submit review" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Reviewed").first()).toBeVisible();

    await openInstructorCards(page, TRUST_SUBURB);
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: instructorName }) });
    await expect(card).toContainText("5.0");
    await expect(card).toContainText("(1 review)");
    await snap(page, testInfo, "instructor-card-reviewed");
  });

  test("forgot password: the emailed link sets a new password once", async ({
    page,
    playwright,
  }, testInfo) => {
    const email = uniqueEmail("e2e.forgot");
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const registered = await api.post("/api/auth/register/student", {
      data: {
        email,
        password: DEMO_PASSWORD,
        confirmPassword: DEMO_PASSWORD,
        acceptTerms: true,
        firstName: "Fay",
        lastName: "Forgetful",
        phone: "0400 999 111",
        suburb: "Manly",
        licenseType: "AUTOMATIC",
        experienceLevel: "SOME_EXPERIENCE",
      },
    });
    expect(registered.status()).toBe(201);
    await api.dispose();

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await expectAccessible(page);
    await snap(page, testInfo, "forgot-password");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(/check your email|if an account exists/i).first()).toBeVisible();

    const [mail] = await mailTo(email, (m) => /reset/i.test(m.subject));
    expect(mail?.subject).toMatch(/reset/i);
    const link = mail?.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
    expect(link, "reset link in the email").toBeTruthy();
    const resetPath = new URL(link ?? "").pathname + new URL(link ?? "").search;

    await page.goto(resetPath);
    await page.getByLabel("New password", { exact: true }).fill("new-secret-42");
    await page.getByLabel("Confirm new password").fill("new-secret-42");
    await expectAccessible(page);
    await snap(page, testInfo, "reset-password");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText(/password (has been|was) (changed|reset|updated)/i).first()).toBeVisible();

    await logIn(page, email, DEMO_PASSWORD, { expectSuccess: false });
    await expect(page.getByRole("alert").first()).toBeVisible();
    await logIn(page, email, "new-secret-42");
    await expect(page).toHaveURL(/\/student\/dashboard/);

    // The link was single-use.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(resetPath);
    await page.getByLabel("New password", { exact: true }).fill("another-secret-42");
    await page.getByLabel("Confirm new password").fill("another-secret-42");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText(/invalid|expired|already been used/i).first()).toBeVisible();
  });

  test("an admin delists an instructor with future lessons: the student is told and the lesson followed up", async ({
    page,
  }, testInfo) => {
    const accounts = trustAccounts(testInfo.project.name);
    const instructorName = `${accounts.instructorFirstName} ${accounts.instructorLastName}`;

    await logIn(page, "admin@demo.test");
    await page.goto("/admin/instructors");
    await page.getByLabel("Search instructors").fill(accounts.instructorLastName);
    await page.getByLabel("Search instructors").press("Enter");
    await page.getByRole("button", { name: `Reject ${instructorName}` }).click();
    const dialog = page.getByRole("dialog", { name: `Reject ${instructorName}` });
    await dialog.getByLabel("Reason").fill("Licence suspended by Transport for NSW");
    await dialog.getByRole("button", { name: "Reject instructor" }).click();
    await expect(dialog).toBeHidden();

    const told = (m: ReceivedMail) => /may not go ahead/.test(m.subject) && /refund/i.test(m.text);
    const toStudent = await mailTo(accounts.student, told);
    expect(toStudent.filter(told)).toHaveLength(1);
    expect(toStudent.find(told)?.subject).toContain(instructorName);
    await mailTo(
      accounts.instructor,
      (m) => /no longer listed/.test(m.subject) && m.text.includes("Licence suspended"),
    );

    await page.goto("/admin/compliance");
    await expect(page.getByText(instructorName).first()).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "admin-compliance-follow-up");

    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await logIn(page, accounts.student);
    await page.goto("/student/bookings");
    await expect(page.getByRole("button").filter({ hasText: "Cancel with full refund" })).toBeVisible();
    await snap(page, testInfo, "student-instructor-unavailable");
  });
});
