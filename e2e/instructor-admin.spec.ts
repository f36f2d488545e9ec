import { expect, type Page, test } from "@playwright/test";
import {
  bookPaidLesson,
  DEMO_PASSWORD,
  expectAccessible,
  logIn,
  snap,
  uniqueEmail,
} from "./support/helpers.ts";

/** The "Total" row's net earnings on /instructor/earnings, in cents. */
async function totalNetCents(page: Page): Promise<number> {
  await page.goto("/instructor/earnings");
  const table = page.getByRole("table", { name: "Earnings by month" });
  await expect(table).toBeVisible();
  const totalRow = table.getByRole("row").filter({ hasText: "Total" });
  const cells = await totalRow.getByRole("cell").allInnerTexts();
  const net = cells.at(-1) ?? "";
  return Math.round(Number(net.replace(/[^0-9.]/g, "")) * 100);
}

test.describe("instructor", () => {
  test("sees the dashboard, marks a taught lesson completed and earns 75% of its price", async ({
    page,
  }, testInfo) => {
    await logIn(page, "instructor@demo.test");
    await expect(page).toHaveURL(/\/instructor\/dashboard/);
    for (const tile of ["Today's Lessons", "This Week", "Monthly Earnings", "Your Rates"]) {
      await expect(page.getByRole("region", { name: tile })).toBeVisible();
    }
    await expect(page.getByText("$75.00/hour").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Upcoming Lessons" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your Details" })).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "instructor-dashboard");

    const before = await totalNetCents(page);
    await snap(page, testInfo, "instructor-earnings");
    await page.goto("/instructor/lessons?tab=past");
    await expect(page.getByRole("heading", { name: "Lessons", exact: true })).toBeVisible();
    await expectAccessible(page);
    // Sam's hour from two days ago waits for its mark (so does Tess's test package, marked by its result).
    const samsLessons = page.getByRole("listitem").filter({ hasText: "Sam Learner" });
    await samsLessons.getByRole("button", { name: "Mark completed" }).click();
    // Marking completed asks for confirmation first.
    const confirm = page.getByRole("alertdialog", { name: "Mark this lesson completed?" });
    await expect(confirm).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Mark completed" }).click();
    await expect(confirm).toBeHidden();
    await expect(samsLessons.getByRole("button", { name: "Mark completed" })).toHaveCount(0);
    await snap(page, testInfo, "instructor-lessons");

    // The seeded lesson costs $75.00: the instructor keeps 75% of it, $56.25.
    expect((await totalNetCents(page)) - before).toBe(5625);
  });

  test("sees a lesson a student has just booked and paid for", async ({ page, playwright }) => {
    const firstName = `Kai${Date.now().toString(36)}`;
    await bookPaidLesson(playwright, firstName);

    await logIn(page, "instructor@demo.test");
    await page.goto("/instructor/lessons");
    await expect(page.getByText(`${firstName} Booker`).first()).toBeVisible();
    await expect(page.getByText("Wynyard station").first()).toBeVisible();
  });

  test("sets weekly hours and a day off", async ({ page }, testInfo) => {
    await logIn(page, "instructor@demo.test");
    await page.goto("/instructor/availability");
    await expect(page.getByRole("heading", { name: "Availability", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Add hours on Sunday" }).click();
    await page.getByRole("button", { name: "Save weekly hours" }).click();
    await expect(page.getByText("Weekly hours saved.")).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "instructor-availability");
  });
});

test.describe("admin", () => {
  test("verifies a new instructor, who then appears to students", async ({ page, browser }, testInfo) => {
    // A new instructor signs up in their own browser.
    const instructorContext = await browser.newContext();
    const instructorPage = await instructorContext.newPage();
    const email = uniqueEmail("e2e.instructor");
    const lastName = `Verify${Date.now().toString(36)}`;
    await instructorPage.goto("/register?role=instructor");
    await instructorPage.getByLabel("First name").fill("Nova");
    await instructorPage.getByLabel("Last name").fill(lastName);
    await instructorPage.getByLabel("Email").fill(email);
    await instructorPage.getByLabel("Phone").fill("0400 555 000");
    await instructorPage.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await instructorPage.getByLabel("Confirm password").fill(DEMO_PASSWORD);
    await instructorPage.getByRole("checkbox", { name: /I accept Kerb's terms of use/ }).check();
    await instructorPage.getByLabel("License number").fill("99887766");
    await instructorPage.getByLabel("Vehicle type").selectOption("AUTOMATIC");
    await instructorPage.getByLabel("Standard rate (AUD per hour)").fill("68");
    await instructorPage.getByLabel("Languages").fill("English, Vietnamese");
    await instructorPage.getByLabel("Suburbs you cover").fill("Manly, Hornsby");
    await instructorPage.getByRole("button", { name: "Create instructor account" }).click();
    await expect(instructorPage).toHaveURL(/\/instructor\/dashboard/);
    await expect(instructorPage.getByText("Your account is awaiting verification")).toBeVisible();
    await instructorContext.close();

    // Not listed before verification.
    const studentApi = await page.request.post("/api/auth/login", {
      data: { email: "student@demo.test", password: DEMO_PASSWORD },
    });
    const { accessToken } = await studentApi.json();
    const listed = async () => {
      const res = await page.request.get("/api/student/instructors?suburb=Manly", {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const list = (await res.json()) as Array<{ lastName: string }>;
      return list.some((i) => i.lastName === lastName);
    };
    expect(await listed()).toBe(false);

    await logIn(page, "admin@demo.test");
    // Spec §4: "others" (admins) go to /, where the operator bar leads into the console.
    await expect(page).toHaveURL(/\/$/);
    await page
      .getByRole("region", { name: "Operator console" })
      .getByRole("link", { name: "Open the operator console" })
      .click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Admin console" })).toBeVisible();
    await expectAccessible(page);
    await page.goto("/admin/instructors");
    await page.getByRole("button", { name: `Verify Nova ${lastName}` }).click();
    const dialog = page.getByRole("dialog", { name: `Verify Nova ${lastName}` });
    await dialog.getByRole("button", { name: "Verify instructor" }).click();
    await expect(dialog.getByText("Confirm that you have checked the licence number")).toBeVisible();
    await dialog.getByLabel("I have checked the licence number").check();
    // Both expiry dates are required: an instructor is only listed with both on record.
    await dialog.getByRole("button", { name: "Verify instructor" }).click();
    await expect(dialog.getByText("Enter the licence expiry date")).toBeVisible();
    await dialog.getByLabel("Licence expiry").fill("2030-06-30");
    await dialog.getByLabel("WWC check expiry").fill("2031-01-31");
    // No WWC number was given at sign-up: the admin records the one they checked.
    await dialog.getByRole("button", { name: "Verify instructor" }).click();
    await expect(dialog.getByText("Enter the Working With Children Check number")).toBeVisible();
    await dialog.getByLabel("WWC number").fill("WWC9988776E");
    await dialog.getByRole("button", { name: "Verify instructor" }).click();
    await expect(dialog).toBeHidden();
    await snap(page, testInfo, "admin-instructors");

    expect(await listed()).toBe(true);

    await page.goto("/admin/audit-log");
    await expect(page.getByRole("table", { name: "Audit log" })).toContainText(/verif/i);
    await expectAccessible(page);
    await snap(page, testInfo, "admin-audit-log");
  });

  test("the admin tables fit a 1280 px screen without scrolling sideways", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, "admin@demo.test");
    for (const [path, caption] of [
      ["/admin", "Users"],
      ["/admin/instructors?status=ALL", "Instructors"],
      ["/admin/revenue", "Revenue by month"],
      ["/admin/audit-log", "Audit log"],
      ["/admin/bookings", "Bookings"],
    ] as const) {
      await page.goto(path);
      const table = page.getByRole("table", { name: caption });
      await expect(table.getByRole("row").nth(1)).toBeVisible();
      // The table's box scrolls sideways when its columns need more than the page gives them.
      const overflow = await table.evaluate((t) => {
        const box = t.parentElement as HTMLElement;
        return box.scrollWidth - box.clientWidth;
      });
      expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
    }
  });

  test("sees a cancelled lesson's card refund in the refund queue", async ({
    page,
    playwright,
  }, testInfo) => {
    const firstName = `Ria${Date.now().toString(36)}`;
    const { lessonId } = await bookPaidLesson(playwright, firstName);
    const login = await page.request.post("/api/auth/login", {
      data: { email: "admin@demo.test", password: DEMO_PASSWORD },
    });
    const { accessToken } = await login.json();
    const cancelled = await page.request.post(`/api/admin/bookings/${lessonId}/cancel`, {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { reason: "Instructor unwell" },
    });
    expect(cancelled.status()).toBe(200);

    await logIn(page, "admin@demo.test");
    await page.goto("/admin/refunds");
    const table = page.getByRole("table", { name: "Card refunds" });
    const row = table.getByRole("row").filter({ hasText: `${firstName} Booker` });
    await expect(row).toContainText("Lesson cancelled");
    await expect(row).toContainText("Refunded"); // demo mode charged no card: settled at once
    await expectAccessible(page);
    await snap(page, testInfo, "admin-refunds");
  });
});
