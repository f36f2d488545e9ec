import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, logIn, snap } from "./support/helpers.ts";
import { mailTo } from "./support/mailbox.ts";
import { messageAccounts, SEEDED_MESSAGES } from "./support/message-accounts.ts";

// Issue 23 item 5 in Chromium: a learner and an instructor with a lesson together message each other
// from the lesson's Message button, and each gets the batched email, with a link back, for a message
// left unread. That email goes only once a message has been unread for 5 minutes, so the seed
// (seed-messages.ts) had each side send one message through the API's use case with its clock set 10
// and 12 minutes back; the server's notification scan (every 5 s under e2e) emails both at its first
// run. The replies written here are read at once, and so are never emailed.

/** The emailed conversation link, as a path of this server. */
function linkIn(text: string | undefined, path: RegExp): string {
  const url = text?.match(new RegExp(`https?://\\S+${path.source}`))?.[0];
  expect(url, "a link back to the conversation").toBeTruthy();
  return new URL(url ?? "").pathname;
}

/** The conversation log, once it shows `body`. */
async function expectInLog(page: Page, otherName: string, body: string) {
  const log = page.getByRole("log", { name: `Messages with ${otherName}` });
  await expect(log.getByText(body, { exact: true })).toBeVisible();
  return log;
}

test.describe("messages", () => {
  test("a learner and an instructor message each other from their lesson, each emailed with a link back", async ({
    page,
    browser,
  }, testInfo) => {
    const accounts = messageAccounts(testInfo.project.name);
    const learner = `${accounts.studentFirstName} ${accounts.studentLastName}`;
    const instructor = `${accounts.instructorFirstName} ${accounts.instructorLastName}`;
    const { fromStudent, fromInstructor } = SEEDED_MESSAGES;

    // Each side's email for the other's unread message: who wrote, what, and the way back. Read before
    // either opens the conversation (opening it marks the other's messages read).
    const toLearner = (await mailTo(accounts.student, (m) => m.subject.startsWith("New message"))).find((m) =>
      m.subject.startsWith("New message"),
    );
    expect(toLearner?.subject).toBe(`New message from ${instructor}`);
    expect(toLearner?.text).toContain(`"${fromInstructor.body}"`);
    const learnerLink = linkIn(toLearner?.text, /\/student\/messages\/[\w-]+/);
    const toInstructor = (await mailTo(accounts.instructor, (m) => m.subject.startsWith("New message"))).find(
      (m) => m.subject.startsWith("New message"),
    );
    expect(toInstructor?.subject).toBe(`New message from ${learner}`);
    expect(toInstructor?.text).toContain(`"${fromStudent.body}"`);
    const instructorLink = linkIn(toInstructor?.text, /\/instructor\/messages\/[\w-]+/);

    // The learner opens the conversation from their lesson's Message button: the emailed link's page.
    await logIn(page, accounts.student);
    await page.goto("/student/bookings");
    await page
      .getByRole("link", { name: `Message ${instructor}` })
      .first()
      .click();
    await expect(page).toHaveURL(learnerLink);
    await expectInLog(page, instructor, fromInstructor.body);
    const learnerReply = "Thanks Pia! I'll look for the white Corolla.";
    await page.getByLabel(`Message ${accounts.instructorFirstName}`, { exact: true }).fill(learnerReply);
    await page.getByRole("button", { name: "Send" }).click();
    await expectInLog(page, instructor, learnerReply);
    await expect(page.getByLabel(`Message ${accounts.instructorFirstName}`, { exact: true })).toHaveValue("");

    // The instructor follows the email's link: the learner's message and the reply just sent.
    const instructorContext = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: testInfo.project.use.viewport ?? null,
    });
    const teacher = await instructorContext.newPage();
    await logIn(teacher, accounts.instructor);
    await teacher.goto(instructorLink);
    await expectInLog(teacher, learner, fromStudent.body);
    await expectInLog(teacher, learner, learnerReply);
    await expectAccessible(teacher);
    await snap(teacher, testInfo, "messages-instructor");

    // And answers from the lesson's Message button on Lessons.
    await teacher.goto("/instructor/lessons");
    await teacher
      .getByRole("link", { name: `Message ${learner}` })
      .first()
      .click();
    await expect(teacher).toHaveURL(instructorLink);
    const instructorReply = "Hill starts it is. See you Saturday at 10.";
    await teacher.getByLabel(`Message ${accounts.studentFirstName}`, { exact: true }).fill(instructorReply);
    await teacher.getByRole("button", { name: "Send" }).click();
    await expectInLog(teacher, learner, instructorReply);
    await instructorContext.close();

    // The learner sees the answer (the page refreshes every 15 s; a reload is quicker), with theirs seen.
    await page.reload();
    const log = await expectInLog(page, instructor, instructorReply);
    await expect(log).toContainText(learnerReply);
    await expect(log).toContainText("Seen");
    await expectAccessible(page);
    await snap(page, testInfo, "messages-learner");
  });
});
