import { expect, test } from "@playwright/test";
import { bookPaidLesson, DEMO_PASSWORD, expectAccessible, logIn, snap } from "./support/helpers.ts";
import { mailTo } from "./support/mailbox.ts";

// Scheduling as instructors work (issue 21): an instructor's buffer and leave, and a new time proposed
// by the instructor that the student accepts from the email. Wei Zhang (Blacktown, Manly) is a demo
// instructor no other journey books, so his settings and leave change nobody else's lessons.

const WEI = "wei.zhang@instructors.kerb.test";
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
    const slots: Array<{ startTime: string }> = await (
      await api.get(
        `/api/student/slots?suburb=Sydney%20CBD&startDate=${from}&endDate=${to}&instructorId=${daniel.id}`,
        { headers: auth },
      )
    ).json();
    const target = slots.find((s) => Date.parse(s.startTime) - Date.now() > 2 * DAY);
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
});
