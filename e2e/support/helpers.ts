import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

export const DEMO_PASSWORD = "demo1234";

/** Fails on serious or critical accessibility violations of the current page. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = blocking.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
  expect(summary, "serious/critical axe violations").toEqual([]);
}

/** Full-page screenshot under screenshots/<project>/, for people to look at. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: `screenshots/${testInfo.project.name}/${name}.png`, fullPage: true });
}

export async function logIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  options = { expectSuccess: true },
) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  // Wait for the session to exist before the test navigates on, or a guard sends it back to /login.
  if (options.expectSuccess) await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Registers a student through the form and waits for the dashboard. */
export async function registerStudent(page: Page, options: { suburb?: string; firstName?: string } = {}) {
  const email = uniqueEmail("e2e.student");
  await page.goto("/register");
  await page.getByLabel("First name").fill(options.firstName ?? "Riley");
  await page.getByLabel("Last name").fill("Learner");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("0400 123 456");
  await page.getByLabel("Password", { exact: true }).fill("secret12");
  await page.getByLabel("Confirm password").fill("secret12");
  await page.getByLabel("Suburb").selectOption(options.suburb ?? "Sydney CBD");
  await page.getByLabel("License type").selectOption("AUTOMATIC");
  await page.getByLabel("Experience level").selectOption("NEVER_DRIVEN");
  await page.getByRole("button", { name: "Create student account" }).click();
  await expect(page).toHaveURL(/\/student\/dashboard/);
  return email;
}

/** On phones the navbar folds its links and account actions behind a "Menu" button. */
export async function openMenuIfCollapsed(page: Page) {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
}
