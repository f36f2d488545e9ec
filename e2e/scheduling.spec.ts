import { expect, test } from "@playwright/test";
import {
  bookPaidLesson,
  DEMO_PASSWORD,
  expectAccessible,
  logIn,
  registerStudent,
  snap,
} from "./support/helpers.ts";
import { mailTo } from "./support/mailbox.ts";

// Scheduling as instructors work (issue 21): an instructor's buffer and leave, and a new time proposed
// by the instructor that the student accepts from the email. Wei Zhang (Blacktown, Manly) is a demo
// instructor no other journey books, so his settings and leave change nobody else's lessons.

const WEI = "wei.zhang@instructors.kerb.test";
// Teaches in Penrith and Bondi (about 110 minutes apart), weekdays 8 am – 4 pm, not in pool hours.
const JAMES = "james.obrien@instructors.kerb.test";
const DAY = 86_400_000;

/** YYYY-MM-DD and HH:MM of an instant on Sydney's wall clock. */
function sydney(instant: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "Australia/Sydney",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

test.describe("scheduling as instructors work", () => {
  test("an instructor keeps a 30-minute buffer and takes a week of leave; students cannot book it", async ({
    page,
    playwright,
  }, testInfo) => {
    await logIn(page, WEI);
    await page.goto("/instructor/availability");
    const scheduling = page.getByRole("form", { name: "Scheduling" });
    await scheduling.getByLabel("Buffer between lessons (minutes)").fill("30");
    await scheduling.getByRole("button", { name: "Save scheduling" }).click();
    await expect(page.getByText(/^Scheduling saved: 30 minutes between lessons/)).toBeVisible();

    // A week of leave three weeks out (inside the students' 30-day calendar).
    const first = sydney(new Date(Date.now() + 21 * DAY)).date;
    const last = sydney(new Date(Date.now() + 27 * DAY)).date;
    const leave = page.getByRole("form", { name: "Take leave" });
    await leave.getByLabel("First day").fill(first);
    await leave.getByLabel("Last day").fill(last);
    await leave.getByRole("button", { name: "Take leave" }).click();
    await expect(leave.getByLabel("First day")).toHaveValue("");
    await expectAccessible(page);
    await snap(page, testInfo, "instructor-scheduling-and-leave");

    // As a student: no time with Wei on any day of the leave.
    const student = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const login = await student.post("/api/auth/login", {
      data: { email: "student@demo.test", password: DEMO_PASSWORD },
    });
    const auth = { authorization: `Bearer ${(await login.json()).accessToken}` };
    const instructors = await (
      await student.get("/api/student/instructors?suburb=Blacktown", { headers: auth })
    ).json();
    const wei = instructors.find((i: { lastName: string }) => i.lastName === "Zhang");
    const summary = await (
      await student.get(
        `/api/student/availability-summary?suburb=Blacktown&startDate=${first}&endDate=${last}&instructorId=${wei.id}`,
        { headers: auth },
      )
    ).json();
    expect(Object.values(summary).every((d) => (d as { totalSlots: number }).totalSlots === 0)).toBe(true);
    await student.dispose();
  });

  test("an instructor proposes a new time and the student accepts it from the email", async ({
    page,
    browser,
    playwright,
  }, testInfo) => {
    const firstName = `Mov${Date.now().toString(36)}`;
    const paid = await bookPaidLesson(playwright, firstName);

    // The new time: another of Daniel Cooper's open hours, two to ten days ahead.
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const login = await api.post("/api/auth/login", { data: { email: paid.email, password: DEMO_PASSWORD } });
    const auth = { authorization: `Bearer ${(await login.json()).accessToken}` };
    const instructors = await (
      await api.get("/api/student/instructors?suburb=Sydney%20CBD", { headers: auth })
    ).json();
    const daniel = instructors.find((i: { lastName: string }) => i.lastName === "Cooper");
    const from = sydney(new Date(Date.now() + 2 * DAY)).date;
    const to = sydney(new Date(Date.now() + 10 * DAY)).date;
    const slots: Array<{ startTime: string; isPoolHours: boolean }> = await (
      await api.get(
        `/api/student/slots?suburb=Sydney%20CBD&startDate=${from}&endDate=${to}&instructorId=${daniel.id}`,
        { headers: auth },
      )
    ).json();
    // A lesson moves only to time of its own kind (pool or standard), as a reschedule does.
    const before = await (await api.get("/api/student/profile", { headers: auth })).json();
    const booked = before.bookings.find((b: { id: string }) => b.id === paid.lessonId);
    const target = slots.find(
      (s) => Date.parse(s.startTime) - Date.now() > 2 * DAY && s.isPoolHours === booked.isPoolHours,
    );
    expect(target).toBeDefined();
    const newStart = new Date(target?.startTime ?? "");
    const wanted = sydney(newStart);

    await logIn(page, "instructor@demo.test");
    await page.goto("/instructor/lessons");
    const row = page.getByRole("listitem").filter({ hasText: firstName });
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: "Propose new time" }).click();
    const dialog = page.getByRole("dialog", { name: "Propose a new time" });
    await dialog.getByLabel("New date").fill(wanted.date);
    await dialog.getByLabel("Start time (Sydney)").fill(wanted.time);
    await dialog.getByRole("button", { name: "Send proposal" }).click();
    await expect(dialog).toBeHidden();

    // The student's email carries the links; Accept opens their bookings (signing in first).
    const mails = await mailTo(paid.email, (m) => m.subject.startsWith("New time proposed"));
    const proposal = mails.find((m) => m.subject.startsWith("New time proposed"));
    const accept = proposal?.text.match(/Accept: (\S+)/)?.[1];
    expect(accept).toBeDefined();
    const link = new URL(accept ?? "");
    const studentContext = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: testInfo.project.use.viewport ?? null,
    });
    const student = await studentContext.newPage();
    await student.goto(`${link.pathname}${link.search}`);
    await expect(student).toHaveURL(/\/login/);
    await student.getByLabel("Email").fill(paid.email);
    await student.getByLabel("Password").fill(DEMO_PASSWORD);
    await student.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(student).toHaveURL(/\/student\/bookings/);
    await student.getByRole("button", { name: "Accept new time" }).click();
    await expect(student.getByRole("button", { name: "Accept new time" })).toHaveCount(0);
    await snap(student, testInfo, "student-accepted-move");

    const profile = await (await api.get("/api/student/profile", { headers: auth })).json();
    const moved = profile.bookings.find((b: { id: string }) => b.id === paid.lessonId);
    expect(Date.parse(moved.startTime)).toBe(newStart.getTime());
    await api.dispose();
    await studentContext.close();
  });

  test("a student books a 2-hour lesson; straight after it the instructor is offered in the same suburb, not 110 minutes away", async ({
    page,
    playwright,
  }, testInfo) => {
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const signIn = async (email: string, password = DEMO_PASSWORD) => {
      const res = await api.post("/api/auth/login", { data: { email, password } });
      return { authorization: `Bearer ${(await res.json()).accessToken}` };
    };
    const asJames = await signIn(JAMES);
    const offered = await api.patch("/api/instructor/settings", {
      headers: asJames,
      data: { lessonLengths: [60, 120] },
    });
    expect(offered.status()).toBe(200);

    const email = await registerStudent(page, { suburb: "Bondi" });
    const asStudent = await signIn(email, "secret12");
    const instructors = await (
      await api.get("/api/student/instructors?suburb=Bondi", { headers: asStudent })
    ).json();
    const james = instructors.find((i: { lastName: string }) => i.lastName === "O'Brien");
    expect(james.lessonLengths).toEqual([60, 120]);
    // The panel's total is what the student pays: two hours at his rate, GST (10%, half up) included.
    const twoHoursCents = Math.round(2 * james.standardRate * 100);
    const twoHours = `$${((twoHoursCents + Math.round(twoHoursCents / 10)) / 100).toFixed(2)}`;
    await page.goto("/student/book");
    await page.getByRole("button", { name: "Multi-Select Booking" }).click();
    await expect(page.getByRole("radio", { name: "Bondi" })).toBeChecked();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    for (let question = 0; question < 4; question++) {
      await page.getByRole("button", { name: "Next", exact: true }).click();
    }
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page
      .locator("label")
      .filter({ has: page.getByRole("radio", { name: /Pick Instructor/ }) })
      .first()
      .click();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByRole("button", { name: "Select James O'Brien" }).click();
    await page.getByRole("button", { name: "Continue", exact: true }).click();

    await expect(page.getByRole("heading", { name: "Pick your lesson times" })).toBeVisible();
    await page
      .locator("label")
      .filter({ has: page.getByRole("radio", { name: /^2 hours/ }) })
      .first()
      .click();
    await expect(page.getByRole("radio", { name: /^2 hours/ })).toBeChecked();
    // A 2-hour time with the hour after it still open in Bondi (other runs may have booked him).
    const open = async (lessonMinutes: number, suburb = "Bondi") => {
      const from = sydney(new Date(Date.now() + DAY)).date;
      const to = sydney(new Date(Date.now() + 20 * DAY)).date;
      const slots: Array<{ startTime: string }> = await (
        await api.get(
          `/api/student/slots?suburb=${suburb}&startDate=${from}&endDate=${to}&instructorId=${james.id}&lessonMinutes=${lessonMinutes}`,
          { headers: asStudent },
        )
      ).json();
      return slots.map((s) => Date.parse(s.startTime));
    };
    const hours = new Set(await open(60));
    const target = (await open(120)).find((start) => hours.has(start + 2 * 3_600_000));
    expect(target).toBeDefined();
    const start = new Date(target ?? 0);
    const [year, month, day] = sydney(start).date.split("-");
    const time = new Intl.DateTimeFormat("en-AU", {
      timeZone: "Australia/Sydney",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
    })
      .format(start)
      .toLowerCase();
    const grid = page.getByRole("grid", { name: "Available days, next 30 days" });
    await grid.getByRole("button", { name: new RegExp(` ${day}/${month}/${year}, `) }).click();
    const slot = page.getByRole("button", { name: new RegExp(`^${time} – `) }).first();
    await expect(slot).toBeVisible();
    await slot.click();
    // Two hours at his rate (he is not in the pool).
    await expect(page.getByTestId("selection-total")).toHaveText(twoHours);
    await snap(page, testInfo, "wizard-two-hour-lesson");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(page.getByRole("heading", { name: "Review your booking and pay" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Lesson schedule" })).toContainText("2 hours");
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Bookings confirmed successfully!" }),
    ).toBeVisible();

    const profile = await (await api.get("/api/student/profile", { headers: asStudent })).json();
    const [lesson] = profile.bookings as Array<{ startTime: string; endTime: string }>;
    expect(Date.parse(lesson?.startTime ?? "")).toBe(start.getTime());
    expect(Date.parse(lesson?.endTime ?? "") - start.getTime()).toBe(2 * 3_600_000);
    const end = lesson?.endTime ?? "";
    const { date } = sydney(new Date(end));
    const startsIn = async (suburb: string) => {
      const slots: Array<{ startTime: string }> = await (
        await api.get(
          `/api/student/slots?suburb=${suburb}&startDate=${date}&endDate=${date}&instructorId=${james.id}`,
          { headers: asStudent },
        )
      ).json();
      return slots.map((s) => Date.parse(s.startTime));
    };
    expect(await startsIn("Bondi")).toContain(Date.parse(end));
    expect(await startsIn("Penrith")).not.toContain(Date.parse(end));
    await api.dispose();
  });
});
