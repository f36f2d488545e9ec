import { expect, test } from "@playwright/test";
import { expectAccessible, logIn, openMenuIfCollapsed, registerStudent, snap } from "./support/helpers.ts";

test.describe("visitor and sign-in", () => {
  test("home page offers the three calls to action", async ({ page }, testInfo) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Get Started" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Book Your Lesson" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Become an Instructor" }).first()).toBeVisible();
    await expect(page.getByText(/certified instructors/i).first()).toBeVisible();
    await expect(page.getByText(/flexible scheduling/i).first()).toBeVisible();
    await expect(page.getByText(/competitive rates/i).first()).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("©");
    await expectAccessible(page);
    await snap(page, testInfo, "home");
  });

  test("login shows the spec's validation and failure messages", async ({ page }, testInfo) => {
    await page.goto("/login");
    await expect(page.getByText("student@demo.test")).toBeVisible();
    await expect(page.getByText("demo1234").first()).toBeVisible();
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expectAccessible(page);
    await snap(page, testInfo, "login-errors");

    await logIn(page, "student@demo.test", "wrong-password", { expectSuccess: false });
    await expect(page.getByText("Invalid email or password")).toBeVisible();
  });

  test("each demo role lands on its own page", async ({ page }) => {
    await logIn(page, "student@demo.test");
    await expect(page).toHaveURL(/\/student\/dashboard/);
    await expect(page.getByRole("heading", { name: "Welcome, Sam" })).toBeVisible();
    await openMenuIfCollapsed(page);
    await expect(page.getByText("student@demo.test").filter({ visible: true })).toBeVisible();
    await page.getByRole("button", { name: "Logout" }).filter({ visible: true }).click();
    // Signed out, Login sits in the header at every width.
    await expect(page.getByRole("link", { name: "Login" }).filter({ visible: true })).toBeVisible();

    await logIn(page, "instructor@demo.test");
    await expect(page).toHaveURL(/\/instructor\/dashboard/);
  });

  test("guards send visitors to /login and the wrong role home", async ({ page }) => {
    await page.goto("/student/dashboard");
    await expect(page).toHaveURL(/\/login/);
    await page.goto("/student/book");
    await expect(page).toHaveURL(/\/login/);
    await logIn(page, "instructor@demo.test");
    await expect(page).toHaveURL(/\/instructor\/dashboard/);
    await page.goto("/student/dashboard");
    await expect(page).toHaveURL(/\/$/);
  });

  test("registering a student signs them in with an empty dashboard", async ({ page }, testInfo) => {
    await page.goto("/register");
    await page.getByRole("button", { name: "Create student account" }).click();
    for (const message of [
      "Email is required",
      "Password is required",
      "Please confirm your password",
      "Suburb is required",
    ]) {
      await expect(page.getByText(message).first()).toBeVisible();
    }
    await expectAccessible(page);
    await snap(page, testInfo, "register-errors");

    const email = await registerStudent(page, { firstName: "Riley" });
    await expect(page.getByRole("heading", { name: "Welcome, Riley" })).toBeVisible();
    if (testInfo.project.name === "desktop") {
      // At 1280 px the navbar shows a long email (this one is 36 characters) whole, not cut short.
      expect(page.viewportSize()?.width).toBe(1280);
      const shown = page
        .getByRole("link", { name: `Account settings (${email})` })
        .filter({ visible: true })
        .getByText(email, { exact: true });
      await expect(shown).toBeVisible();
      await expect
        .poll(() => shown.evaluate((el) => el.scrollWidth <= el.clientWidth), {
          message: "the navbar's email is truncated (scrollWidth > clientWidth)",
        })
        .toBe(true);
    }
    await expectAccessible(page);
    await snap(page, testInfo, "student-dashboard-empty");
  });
});
