import { formatSydneyDate, formatSydneyTimeRange, sydneyMinutesOf } from "@kerb/shared/rules";
import { expect, type Page, type PlaywrightWorkerArgs, test } from "@playwright/test";
import {
  DEMO_PASSWORD,
  expectAccessible,
  logIn,
  registerStudent,
  snap,
  uniqueEmail,
} from "./support/helpers.ts";
import { mailTo } from "./support/mailbox.ts";

// Earlier-time alerts (issue 34, decision 044) on a phone: a learner asks to hear when a time frees up
// with Imran Qureshi on one day, another learner cancels that very time, the time-alerts job emails the
// first learner a link, and they hold and pay for it (demo mode) from the offer page. Imran teaches in
// Liverpool and Sutherland, where no other phone spec books him; both lessons are cancelled again, so
// the seeded data the later specs read is as it was. Phone only: a learner's flow, one run is enough.

const SUBURB = "Liverpool";
const INSTRUCTOR = "Imran Qureshi";
const DAY = 86_400_000;

async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("kerb.auth") ?? "{}").accessToken as string);
}

/** "10:30" (Sydney, 24-hour) as a time input takes it. */
function sydneyClock(instant: Date): string {
  const minutes = sydneyMinutesOf(instant);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * Another learner (a new one, through the API as their own browser would) books and pays for Imran's
 * first free hour at least three days out: far enough ahead that cancelling refunds in full.
 */
async function bookImran(playwright: PlaywrightWorkerArgs["playwright"]) {
  const email = uniqueEmail("e2e.canceller");
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const registered = await api.post("/api/auth/register/student", {
    data: {
      email,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
      acceptTerms: true,
      firstName: "Cass",
      lastName: "Canceller",
      phone: "0400 555 666",
      suburb: SUBURB,
      licenseType: "AUTOMATIC",
      experienceLevel: "SOME_EXPERIENCE",
    },
  });
  expect(registered.status()).toBe(201);
  const auth = { authorization: `Bearer ${(await registered.json()).accessToken}` };
  const instructors: Array<{ id: string; firstName: string; lastName: string }> = await (
    await api.get(`/api/student/instructors?suburb=${SUBURB}`, { headers: auth })
  ).json();
  const imran = instructors.find((i) => `${i.firstName} ${i.lastName}` === INSTRUCTOR);
  expect(imran, `${INSTRUCTOR} teaches in ${SUBURB}`).toBeTruthy();
  const earliest = Date.now() + 3 * DAY;
  const start = new Date(earliest).toISOString().slice(0, 10);
  const end = new Date(earliest + 7 * DAY).toISOString().slice(0, 10);
  const slots: Array<{ startTime: string; endTime: string }> = await (
    await api.get(
      `/api/student/slots?suburb=${SUBURB}&startDate=${start}&endDate=${end}&instructorId=${imran?.id}`,
      { headers: auth },
    )
  ).json();
  const slot = slots.find((s) => Date.parse(s.startTime) >= earliest);
  expect(slot, "a free hour of Imran's 3 to 10 days out").toBeTruthy();
  const held = await api.post("/api/student/bookings/batch", {
    headers: auth,
    data: { suburb: SUBURB, bookings: [{ ...slot, pickupLocation: "Liverpool Westfield" }] },
  });
  expect(held.status()).toBe(201);
  const confirmed = await api.post(`/api/student/bookings/batch/confirm/${(await held.json()).payment.id}`, {
    headers: auth,
  });
  expect(confirmed.status()).toBe(200);
  await api.dispose();
  return {
    email,
    instructorId: imran?.id ?? "",
    startTime: new Date(slot?.startTime ?? ""),
    endTime: new Date(slot?.endTime ?? ""),
  };
}

test("an earlier-time alert: a cancelled time is emailed, held from the link and paid", async ({
  page,
  browser,
  playwright,
}, testInfo) => {
  const taken = await bookImran(playwright);
  const day = formatSydneyDate(taken.startTime);
  const when = formatSydneyTimeRange(taken.startTime, taken.endTime);

  // The learner, from Imran's profile: "Tell me about earlier times", that day, that hour.
  const email = await registerStudent(page, { suburb: SUBURB, firstName: "Alma" });
  await page.goto(`/instructors/${taken.instructorId}`);
  await page.getByRole("link", { name: "Tell me about earlier times" }).click();
  await expect(page).toHaveURL(/\/student\/time-alerts\?instructor=/);
  await expect(page.getByRole("heading", { level: 1, name: "Tell me about earlier times" })).toBeVisible();
  const form = page.getByRole("form", { name: "New alert" });
  await expect(form.getByLabel("Instructor", { exact: true }).locator("option:checked")).toHaveText(
    INSTRUCTOR,
  );
  await form.getByLabel("From", { exact: true }).fill(day);
  await form.getByLabel("To", { exact: true }).fill(day);
  await form.getByLabel("Earliest start (optional)").fill(sydneyClock(taken.startTime));
  await form.getByLabel("Latest finish (optional)").fill(sydneyClock(taken.endTime));
  await form.getByRole("button", { name: "Tell me about earlier times" }).click();

  const alert = page.getByRole("listitem").filter({ hasText: INSTRUCTOR });
  await expect(alert).toContainText(`${day} – ${day}`);
  await expect(alert).toContainText(`Any day · ${when} · 1 hour lessons`);
  await expect(alert).toContainText("On · nothing has opened yet");
  await expect(alert.getByRole("button", { name: `End the alert for ${INSTRUCTOR}` })).toBeVisible();
  await expectAccessible(page);
  // From the top: scrolled to the button, the full-page shot paints the sticky header mid-form.
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, testInfo, "time-alerts");

  // The other learner cancels that lesson from My bookings on their own phone.
  const otherContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: testInfo.project.use.viewport ?? null,
  });
  const other = await otherContext.newPage();
  await logIn(other, taken.email);
  await other.goto("/student/bookings");
  const row = other.getByRole("listitem").filter({ hasText: "Liverpool Westfield" });
  await row.getByRole("button", { name: /^Cancel lesson on / }).click();
  const dialog = other.getByRole("alertdialog", { name: "Cancel this lesson?" });
  await dialog.getByRole("button", { name: "Cancel lesson" }).click();
  await expect(row.getByText("Cancelled", { exact: true })).toBeVisible();
  await otherContext.close();

  // The time-alerts job sees the freed hour and emails the learner a link to it.
  const subject = `A lesson time just opened with ${INSTRUCTOR}`;
  const mails = await mailTo(email, (m) => m.subject === subject);
  const opening = mails.find((m) => m.subject === subject);
  expect(opening?.text).toContain(day);
  expect(opening?.text).toContain(`with ${INSTRUCTOR} in ${SUBURB}`);
  const url = opening?.text.match(/https?:\/\/\S+\/student\/time-alerts\/offer\/[\w.%~-]+/)?.[0];
  expect(url, "offer link in the email").toBeTruthy();

  // The link shows the time; holding it is the button's (a mail scanner opening the link holds nothing).
  await page.goto(new URL(url ?? "").pathname);
  await expect(page.getByRole("heading", { level: 1, name: "A time you asked about" })).toBeVisible();
  await expect(
    page.getByRole("heading", { name: new RegExp(`^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) ${day}, ${when}$`) }),
  ).toBeVisible();
  await expect(
    page.getByText(
      new RegExp(
        `^With ${INSTRUCTOR} in ${SUBURB} · 60 minutes · \\$\\d+\\.\\d{2} incl\\. GST \\(\\$\\d+\\.\\d{2} \\+ GST\\)$`,
      ),
    ),
  ).toBeVisible();
  await page.getByLabel("Pickup address").fill("Liverpool station");
  await expectAccessible(page);
  await snap(page, testInfo, "time-alert-offer");
  await page.getByRole("button", { name: "Hold this time" }).click();

  // Demo mode pays at once: the lesson is on My bookings.
  await expect(page).toHaveURL(/\/student\/bookings/);
  await expect(
    page.getByRole("status").filter({ hasText: "Lesson booked at your earlier time." }),
  ).toBeVisible();
  const booked = page.getByRole("listitem").filter({ hasText: "Liverpool station" });
  await expect(booked).toContainText(INSTRUCTOR);
  await expect(booked).toContainText(day);
  await expect(booked.getByText("Scheduled", { exact: true })).toBeVisible();

  // Holding the time ended the alert.
  await page.goto("/student/time-alerts");
  await expect(alert).toContainText("Ended · You held a time it found");
  await expect(alert.getByRole("button", { name: /^End the alert/ })).toHaveCount(0);

  // Let the time go again for the specs after this one.
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const profile = await page.request.get("/api/student/profile", { headers });
  const lesson = ((await profile.json()).bookings as Array<{ id: string; status: string }>).find(
    (b) => b.status === "SCHEDULED",
  );
  const cancelled = await page.request.post(`/api/student/bookings/${lesson?.id}/cancel`, { headers });
  expect(cancelled.status()).toBe(200);
});
