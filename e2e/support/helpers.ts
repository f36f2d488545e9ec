import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import {
  expect,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
  type TestInfo,
  test,
} from "@playwright/test";

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

/** One part of the page (a card, a list item): for screens whose full page is too long to read. */
export async function snapPart(part: Locator, testInfo: TestInfo, name: string) {
  await part.screenshot({ path: `screenshots/${testInfo.project.name}/${name}.png` });
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
  await page.getByRole("checkbox", { name: /I accept Kerb's terms of use/ }).check();
  await page.getByLabel("Suburb").selectOption(options.suburb ?? "Sydney CBD");
  await page.getByLabel("License type").selectOption("AUTOMATIC");
  await page.getByLabel("Experience level").selectOption("NEVER_DRIVEN");
  await page.getByRole("button", { name: "Create student account" }).click();
  await expect(page).toHaveURL(/\/student\/dashboard/);
  return email;
}

/** On phones the navbar folds its links and account actions behind a "Menu" button. */
export async function openMenuIfCollapsed(page: Page) {
  // The signed-in navigation is its own chunk: wait until it is there (Logout on a wide screen, Menu on
  // a phone) before deciding whether the menu is collapsed.
  await page
    .getByRole("button", { name: /^(Menu|Logout)$/ })
    .first()
    .waitFor();
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
}

/**
 * A new student books and pays (demo mode) Daniel Cooper's latest free lesson through the API, from
 * their own session, as another browser would. Returns the lesson, its payment and the student's
 * sign-in (the password is DEMO_PASSWORD).
 */
export async function bookPaidLesson(
  playwright: PlaywrightWorkerArgs["playwright"],
  firstName: string,
): Promise<{ lessonId: string; paymentId: string; invoiceNumber: string; email: string }> {
  const email = uniqueEmail("e2e.booker");
  const student = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const registered = await student.post("/api/auth/register/student", {
    data: {
      email,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
      acceptTerms: true,
      firstName,
      lastName: "Booker",
      phone: "0400 777 888",
      suburb: "Sydney CBD",
      licenseType: "AUTOMATIC",
      experienceLevel: "SOME_EXPERIENCE",
    },
  });
  expect(registered.status()).toBe(201);
  const auth = { authorization: `Bearer ${(await registered.json()).accessToken}` };
  const instructors = await (
    await student.get("/api/student/instructors?suburb=Sydney%20CBD", { headers: auth })
  ).json();
  const daniel = instructors.find((i: { lastName: string }) => i.lastName === "Cooper");
  const start = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const end = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const slots = await (
    await student.get(
      `/api/student/slots?suburb=Sydney%20CBD&startDate=${start}&endDate=${end}&instructorId=${daniel.id}`,
      { headers: auth },
    )
  ).json();
  const slot = slots[slots.length - 1];
  const held = await student.post("/api/student/bookings/batch", {
    headers: auth,
    data: { suburb: "Sydney CBD", bookings: [{ ...slot, pickupLocation: "Wynyard station" }] },
  });
  expect(held.status()).toBe(201);
  const paymentId = (await held.json()).payment.id;
  const confirmed = await student.post(`/api/student/bookings/batch/confirm/${paymentId}`, { headers: auth });
  expect(confirmed.status()).toBe(200);
  const { payment } = await confirmed.json();
  await student.dispose();
  return { lessonId: payment.lessons[0].id, paymentId, invoiceNumber: payment.invoiceNumber, email };
}

/**
 * Holds `count` back-to-back lessons of Daniel Cooper's at least `minDaysAhead` days out for an
 * existing student (POST /api/student/bookings/batch) without paying: a checkout left open. Returns
 * its payment and the held lessons' start times.
 */
export async function holdUnpaidLessons(
  playwright: PlaywrightWorkerArgs["playwright"],
  email: string,
  { count = 2, minDaysAhead = 6 }: { count?: number; minDaysAhead?: number } = {},
): Promise<{ paymentId: string; startTimes: string[] }> {
  const student = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await student.post("/api/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const auth = { authorization: `Bearer ${(await login.json()).accessToken}` };
  const instructors = await (
    await student.get("/api/student/instructors?suburb=Sydney%20CBD", { headers: auth })
  ).json();
  const daniel = instructors.find((i: { lastName: string }) => i.lastName === "Cooper");
  const earliest = Date.now() + minDaysAhead * 86_400_000;
  const start = new Date(earliest).toISOString().slice(0, 10);
  const end = new Date(earliest + 7 * 86_400_000).toISOString().slice(0, 10);
  const slots: Array<{ startTime: string; endTime: string }> = await (
    await student.get(
      `/api/student/slots?suburb=Sydney%20CBD&startDate=${start}&endDate=${end}&instructorId=${daniel.id}`,
      { headers: auth },
    )
  ).json();
  // Back to back, none overlapping the one before.
  const chosen: typeof slots = [];
  for (const slot of slots) {
    if (Date.parse(slot.startTime) < earliest) continue;
    const last = chosen[chosen.length - 1];
    if (last && Date.parse(slot.startTime) < Date.parse(last.endTime)) continue;
    chosen.push(slot);
    if (chosen.length === count) break;
  }
  expect(chosen).toHaveLength(count);
  const held = await student.post("/api/student/bookings/batch", {
    headers: auth,
    data: {
      suburb: "Sydney CBD",
      bookings: chosen.map((slot) => ({ ...slot, pickupLocation: "Town Hall station" })),
    },
  });
  expect(held.status()).toBe(201);
  const paymentId = (await held.json()).payment.id;
  await student.dispose();
  return { paymentId, startTimes: chosen.map((slot) => slot.startTime) };
}

/** A PDF's text as a reader would copy it (Debian's poppler-utils), whitespace runs collapsed. */
export function pdfText(pdf: Buffer): string {
  return execFileSync("pdftotext", ["-enc", "UTF-8", "-", "-"], { input: pdf, encoding: "utf8" }).replace(
    /\s+/g,
    " ",
  );
}
