import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, expectAccessible, logIn, snap, uniqueEmail } from "./support/helpers.ts";

const SUBURB = "Sydney CBD";
const progress = (page: Page) => page.getByRole("progressbar", { name: "Booking progress" });
const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });

/** A Sydney calendar date `days` from today, YYYY-MM-DD. */
function sydneyDate(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

type ApiSlot = {
  startTime: string;
  endTime: string;
  instructorId: string | null;
  price: number;
  isPoolHours: boolean;
};

/** Registers a student through the API (as its own browser would) and returns their bearer header. */
async function registerByApi(request: APIRequestContext, email: string) {
  const registered = await request.post("/api/auth/register/student", {
    data: {
      email,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
      acceptTerms: true,
      firstName: "Casey",
      lastName: "Clash",
      phone: "0400 555 666",
      suburb: SUBURB,
      licenseType: "AUTOMATIC",
      experienceLevel: "SOME_EXPERIENCE",
    },
  });
  expect(registered.status()).toBe(201);
  return { authorization: `Bearer ${(await registered.json()).accessToken}` };
}

const slotsQuery = (date: string, extra = "") =>
  `suburb=${encodeURIComponent(SUBURB)}&startDate=${date}&endDate=${date}${extra}`;

/**
 * Registers a student and books (demo payment) an auto-assigned Pool Hours lesson at a time another
 * pool instructor is also free, so the wizard still offers that time. Returns the student's email and
 * the lesson's date and start.
 */
async function studentWithPoolLesson(page: Page) {
  const email = uniqueEmail("e2e.clash");
  const headers = await registerByApi(page.request, email);
  for (let days = 1; days < 14; days++) {
    const date = sydneyDate(days);
    const offered: ApiSlot[] = await (
      await page.request.get(`/api/student/slots?${slotsQuery(date, "&poolHoursOnly=true")}`, { headers })
    ).json();
    const every: ApiSlot[] = await (
      await page.request.get(`/api/student/slots?${slotsQuery(date)}`, { headers })
    ).json();
    const shared = offered.find(
      (slot) => every.filter((s) => s.isPoolHours && s.startTime === slot.startTime).length >= 2,
    );
    if (!shared) continue;
    const held = await page.request.post("/api/student/bookings/batch", {
      headers,
      data: { suburb: SUBURB, bookings: [{ ...shared, pickupLocation: "Town Hall" }] },
    });
    expect(held.status()).toBe(201);
    const paymentId = (await held.json()).payment.id;
    const confirmed = await page.request.post(`/api/student/bookings/batch/confirm/${paymentId}`, {
      headers,
    });
    expect(confirmed.status()).toBe(200);
    return { email, date, startTime: shared.startTime };
  }
  throw new Error("No Pool Hours time with two free instructors in the next two weeks");
}

/** A saved draft, as a student resuming a booking has it. */
async function seedDraft(page: Page, fields: Record<string, unknown>) {
  await page.evaluate((draft) => {
    window.localStorage.setItem("kerb.bookingDraft", JSON.stringify({ timestamp: Date.now(), ...draft }));
  }, fields);
}

const assessmentData = {
  experienceLevel: "some_experience",
  licenseType: "automatic",
  targetDate: null,
  specificSkills: [],
  estimatedLessons: 10,
  language: "English",
};

/** "10:00 am" as the slot list prints a start time. */
function sydneyTime(iso: string): string {
  return new Intl.DateTimeFormat("en-AU", {
    timeZone: "Australia/Sydney",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  })
    .format(new Date(iso))
    .toLowerCase();
}

test.describe("booking wizard fixes", () => {
  test("browser Back and Forward move between steps; the counter counts the path chosen so far", async ({
    page,
  }, testInfo) => {
    await logIn(page, "student@demo.test");
    await page.goto("/student/book");
    await expect(heading(page, "How would you like to book?")).toBeVisible();
    await expect(progress(page)).toHaveAttribute("aria-valuetext", "Step 1 of 5 to 7: Booking type");
    await page.getByRole("button", { name: "Multi-Select Booking" }).click();

    await expect(heading(page, "Where would you like your lessons?")).toBeVisible();
    await expect(progress(page)).toHaveAttribute("aria-valuetext", "Step 2 of 6 or 7: Suburb");
    await page.locator("label").filter({ hasText: "Manly" }).first().click();
    await page.getByRole("button", { name: "Continue", exact: true }).click();

    await expect(heading(page, "Tell us about your driving")).toBeVisible();
    await expect(page).toHaveURL(/step=assessment&question=1/);
    await page
      .locator("label")
      .filter({ hasText: /never driven/i })
      .first()
      .click();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(/question=2/);

    await page.goBack();
    await expect(page).toHaveURL(/question=1/);
    await expect(page.getByRole("radio", { name: /never driven/i })).toBeChecked();
    await page.goBack();
    await expect(heading(page, "Where would you like your lessons?")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Manly" })).toBeChecked();
    await expect(progress(page)).toHaveAttribute("aria-valuetext", "Step 2 of 6 or 7: Suburb");
    await expectAccessible(page);
    await snap(page, testInfo, "wizard-back-to-suburb");
    await page.goBack();
    await expect(heading(page, "How would you like to book?")).toBeVisible();
    await expect(page.getByText("Your current choice")).toBeVisible();
    await expect(progress(page)).toHaveAttribute("aria-valuetext", "Step 1 of 6 or 7: Booking type");

    await page.goForward();
    await expect(heading(page, "Where would you like your lessons?")).toBeVisible();
    await page.goForward();
    await expect(heading(page, "Tell us about your driving")).toBeVisible();
    await expect(progress(page)).toHaveAttribute("aria-valuetext", "Step 3 of 6 or 7: Assessment");

    // A reload stays on the step, and a link to a step the answers do not reach yet falls back.
    await page.reload();
    await expect(heading(page, "Tell us about your driving")).toBeVisible();
    await page.goto("/student/book?resume=true&step=invoice");
    await expect(heading(page, "Tell us about your driving")).toBeVisible();
    await expect(page).toHaveURL(/step=assessment/);
  });

  test("times the student already has a lesson at are marked and cannot be picked", async ({
    page,
  }, testInfo) => {
    const lesson = await studentWithPoolLesson(page);
    await logIn(page, lesson.email);
    await seedDraft(page, {
      flow: "multi_select",
      currentStep: "slot_selection",
      suburb: SUBURB,
      assessmentData,
      rateOption: "pool_hours",
      selectedSlots: [],
      selectedDate: lesson.date,
    });
    await page.goto("/student/book?resume=true");
    await expect(heading(page, "Pick your lesson times")).toBeVisible();
    await expect(page).toHaveURL(/step=slot_selection/);

    const taken = page.getByRole("button", {
      name: new RegExp(`^${sydneyTime(lesson.startTime)} – .*, you have a lesson then$`),
    });
    await expect(taken).toBeDisabled();
    await expect(taken).toContainText("You have a lesson then");
    // Every other pool time of the day is still offered, with the standard price it saves from.
    const free = page.getByRole("button", { name: /Pool Hours - Save 35%$/ }).first();
    await expect(free).toBeEnabled();
    await expect(free.locator("s")).toHaveText(/^was \$\d+\.\d{2}$/);
    await expectAccessible(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, testInfo, "wizard-slot-clash");

    // The month label of a month's first day sits clear of the day number, phones included.
    const grid = page.getByRole("grid", { name: "Available days, next 30 days" });
    const months = grid.locator('[data-part="month"]');
    expect(await months.count()).toBeGreaterThan(0);
    for (const month of await months.all()) {
      const label = await month.boundingBox();
      const day = await month.locator('xpath=../*[@data-part="day"]').boundingBox();
      if (!label || !day) throw new Error("a day without its month label or number");
      const apart =
        label.y + label.height <= day.y ||
        day.y + day.height <= label.y ||
        label.x + label.width <= day.x ||
        day.x + day.width <= label.x;
      expect(
        apart,
        `${await month.textContent()} label clear of day ${await month.locator('xpath=../*[@data-part="day"]').textContent()}`,
      ).toBe(true);
    }
    // From the top, so the sticky navbar stays where it belongs in the full-page capture.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await grid.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
    });
    await page.screenshot({
      path: `screenshots/${testInfo.project.name}/wizard-calendar.png`,
      fullPage: true,
      clip: box,
    });
  });

  test("a time taken while paying: Payment failed in the page (no alert), what changed, and another time", async ({
    page,
    playwright,
  }, testInfo) => {
    const email = uniqueEmail("e2e.taken");
    const headers = await registerByApi(page.request, email);
    const instructors = await (
      await page.request.get(`/api/student/instructors?suburb=${encodeURIComponent(SUBURB)}`, { headers })
    ).json();
    const daniel = instructors.find((i: { lastName: string }) => i.lastName === "Cooper");
    const date = sydneyDate(5);
    const slots: (ApiSlot & { instructorName: string })[] = await (
      await page.request.get(`/api/student/slots?${slotsQuery(date, `&instructorId=${daniel.id}`)}`, {
        headers,
      })
    ).json();
    const slot = slots.at(-1);
    if (!slot) throw new Error("Daniel Cooper has no free time on the chosen day");

    await logIn(page, email);
    await seedDraft(page, {
      flow: "multi_select",
      currentStep: "invoice",
      suburb: SUBURB,
      assessmentData,
      rateOption: "pick_instructor",
      selectedInstructor: {
        id: daniel.id,
        firstName: daniel.firstName,
        lastName: daniel.lastName,
        standardRate: daniel.standardRate,
        poolRate: daniel.poolRate,
        autoMatch: false,
      },
      selectedSlots: [slot],
      selectedDate: date,
    });
    await page.goto("/student/book?resume=true");
    await expect(heading(page, "Review your booking and pay")).toBeVisible();
    // Numbered as it opens (no payment yet), with the supplier's ABN as on the PDF.
    await expect(page.getByTestId("invoice-number")).toHaveText(/^KRB-\d{8}-[2-9A-HJ-NP-Z]{6}$/);
    await expect(page.getByTestId("supplier-abn")).toContainText("ABN");

    // Another student holds the same lesson first.
    const other = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const otherHeaders = await registerByApi(other, uniqueEmail("e2e.faster"));
    const held = await other.post("/api/student/bookings/batch", {
      headers: otherHeaders,
      data: { suburb: SUBURB, bookings: [{ ...slot, pickupLocation: "Wynyard" }] },
    });
    expect(held.status()).toBe(201);
    await other.dispose();

    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    const notice = page.getByRole("alert").filter({ hasText: "One of your times can no longer be booked" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(`with ${daniel.firstName} ${daniel.lastName}`);
    // The spec's words first, in the page, above the recovery box.
    const failed = page.getByRole("alert").filter({ hasText: "Payment failed. Please try again." });
    await expect(failed).toContainText("You have not been charged.");
    expect((await failed.boundingBox())?.y ?? 0).toBeLessThan((await notice.boundingBox())?.y ?? 0);
    expect(dialogs).toBe(0);
    await expectAccessible(page);
    await snap(page, testInfo, "wizard-payment-conflict");

    await notice.getByRole("button", { name: "Choose another time" }).click();
    await expect(heading(page, "Pick your lesson times")).toBeVisible();
    await expect(page.getByText("We removed 1 lesson that can no longer be booked")).toBeVisible();
  });
});
