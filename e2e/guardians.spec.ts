import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import {
  bookPaidLesson,
  DEMO_PASSWORD,
  expectAccessible,
  logIn,
  pdfText,
  snap,
  uniqueEmail,
} from "./support/helpers.ts";
import { mailTo } from "./support/mailbox.ts";

test.describe("parents and guardians", () => {
  test("a learner invites a guardian by email, the guardian buys them a bundle and a test-pack credit; removed, the guardian sees no one", async ({
    page,
    browser,
    playwright,
  }, testInfo) => {
    // A learner with a lesson booked with Daniel Cooper: the instructor a guardian can buy a bundle for.
    const firstName = `Gwen${testInfo.project.name === "phone" ? "p" : "d"}`;
    const learner = await bookPaidLesson(playwright, firstName);
    const guardianEmail = uniqueEmail("e2e.guardian");

    // The learner invites from their account page, asking for copies of their booking emails.
    await logIn(page, learner.email);
    await page.goto("/student/account");
    const invite = page.getByRole("form", { name: "Invite a parent or guardian" });
    await invite.getByLabel("Their email").fill(guardianEmail);
    await invite.getByLabel("Send copies of my booking and cancellation emails").check();
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`Invitation sent to ${guardianEmail}.`)).toBeVisible();
    const guardians = page.getByRole("list", { name: "Your parents and guardians" });
    await expect(guardians.getByRole("listitem").filter({ hasText: guardianEmail })).toContainText(
      /Invited until \d{2}\/\d{2}\/\d{4}/,
    );
    await expectAccessible(page);
    await snap(page, testInfo, "guardian-invited");

    // The emailed link opens the invitation, where the guardian creates their account.
    const mails = await mailTo(guardianEmail, (m) => m.subject.includes("invited you"));
    const url = mails
      .find((m) => m.subject.includes("invited you"))
      ?.text.match(/https?:\/\/\S+\/guardian\/accept\?token=[\w-]+/)?.[0];
    expect(url, "invitation link in the email").toBeTruthy();
    const link = new URL(url ?? "");
    const guardianContext = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: testInfo.project.use.viewport ?? null,
    });
    const guardian = await guardianContext.newPage();
    await guardian.goto(`${link.pathname}${link.search}`);
    await expect(
      guardian.getByRole("heading", { name: `Follow ${firstName}'s driving lessons` }),
    ).toBeVisible();
    const form = guardian.getByRole("form", { name: "Create your guardian account" });
    await expect(form.getByLabel("Email")).toHaveValue(guardianEmail);
    await expectAccessible(guardian);
    await snap(guardian, testInfo, "guardian-accept");
    await form.getByLabel("First name").fill("Gail");
    await form.getByLabel("Last name").fill("Guardian");
    await form.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await form.getByLabel("Confirm password").fill(DEMO_PASSWORD);
    await form.getByRole("checkbox", { name: /I accept Kerb's terms of use/ }).check();
    await form.getByRole("button", { name: "Create account and accept" }).click();

    // Their home: the learner's lesson with Daniel, and a bundle to buy for them (demo mode: paid at once).
    await expect(guardian).toHaveURL(/\/guardian$/);
    await expect(guardian.getByRole("heading", { level: 1, name: `${firstName} Booker` })).toBeVisible();
    await expect(guardian.getByRole("list", { name: "Upcoming lessons" })).toContainText(
      "With Daniel Cooper",
    );
    const buy = guardian.locator("div.rounded-2xl").filter({
      has: guardian.getByRole("heading", { name: `Buy a lesson bundle for ${firstName}` }),
    });
    await expect(buy.getByLabel("Instructor").locator("option:checked")).toHaveText("Daniel Cooper");
    await buy.locator("label").filter({ hasText: "Small · 5 lessons" }).click();
    await expect(buy.getByText("Total incl. GST").locator("..")).toContainText("$412.50");
    await expectAccessible(guardian);
    await snap(guardian, testInfo, "guardian-home");
    await buy.getByRole("button", { name: "Pay $412.50" }).click();
    await expect(
      guardian.getByRole("status").filter({ hasText: `Payment confirmed. ${firstName}'s 5-lesson bundle` }),
    ).toBeVisible();
    await expect(guardian.getByRole("list", { name: "Bundles" })).toContainText("5-lesson bundle");
    const paid = guardian
      .getByRole("list", { name: "Payments" })
      .getByRole("listitem")
      .filter({ hasText: "Lesson bundle · $412.50" });
    await expect(paid).toContainText("Paid by you");

    // The tax invoice is the guardian's to download.
    const [download] = await Promise.all([
      guardian.waitForEvent("download"),
      paid.getByRole("button", { name: /Download tax invoice/ }).click(),
    ]);
    const invoice = pdfText(await readFile((await download.path()) ?? ""));
    expect(invoice).toContain("Tax invoice");
    expect(invoice).toMatch(/Total \(incl\. GST\) \$412\.50/);

    // A driving-test package credit too: Kerb's one price, GST included, paid at once in demo mode.
    const pack = guardian.getByRole("region", { name: "Test package credit" });
    await expect(
      pack.getByRole("heading", { name: `Buy a test-package credit for ${firstName}` }),
    ).toBeVisible();
    await expect(pack.getByText("Total incl. GST").locator("..")).toContainText("$275.00");
    await pack.getByRole("button", { name: /^Pay \$275\.00/ }).click();
    await expect(
      guardian.getByRole("status").filter({
        hasText: `A test package credit is ready for ${firstName}: they can use it on their test package page`,
      }),
    ).toBeVisible();
    await expect(
      guardian
        .getByRole("list", { name: "Payments", exact: true })
        .getByRole("listitem")
        .filter({ hasText: "Test package credit · $275.00" }),
    ).toContainText("Paid by you");
    await expect(pack).toContainText(
      new RegExp(`${firstName} has 1 test-package credit ready to book, valid until \\d{2}/\\d{2}/\\d{4}`),
    );

    // The credits are the learner's.
    await page.goto("/student/bundles");
    await expect(
      page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "5-lesson bundle" }) }),
    ).toContainText("With Daniel Cooper");
    await page.goto("/student/test-pack");
    await expect(
      page.getByText(/You have a test package credit to use by \d{2}\/\d{2}\/\d{4}/),
    ).toBeVisible();

    // The learner removes the guardian: their access ends at once.
    await page.goto("/student/account");
    await page.getByRole("button", { name: "Remove Gail Guardian" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Remove Gail Guardian?" });
    await expect(dialog).toContainText("ends at once");
    await dialog.getByRole("button", { name: "Remove guardian" }).click();
    await expect(page.getByText("Gail Guardian can no longer see your lessons or payments.")).toBeVisible();

    await guardian.reload();
    await expect(guardian.getByText("You're not following any learners")).toBeVisible();
    await expect(guardian.getByRole("heading", { level: 1, name: "Your learners" })).toBeVisible();
    await expectAccessible(guardian);
    await snap(guardian, testInfo, "guardian-removed");
    await guardianContext.close();
  });
});
