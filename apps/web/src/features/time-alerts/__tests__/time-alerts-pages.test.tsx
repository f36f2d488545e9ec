import type { TimeAlert, TimeAlertOfferResponse } from "@kerb/shared";
import { sydneyTodayDate } from "@kerb/shared/rules";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { paidPayment, sessionFor, studentProfile, studentUser } from "@/test/fixtures";
import { renderApp } from "@/test/render";

const signedIn = { session: sessionFor(studentUser) };
const INSTRUCTOR = "a0000000-0000-4000-8000-0000000000a1";
const ALERT = "c0000000-0000-4000-8000-0000000000c1";
const PAYMENT = "b0000000-0000-4000-8000-0000000000b1";
const TOKEN = "eyJhIjoxfQ.c2lnbmF0dXJl";

const instructorPage = {
  instructor: {
    id: INSTRUCTOR,
    firstName: "Ivy",
    lastName: "Teacher",
    bio: null,
    languages: ["English"],
    suburbs: ["Parramatta"],
    vehicleType: "AUTOMATIC",
    rating: null,
    ratingCount: 0,
  },
  items: [],
  total: 0,
  page: 1,
  pageSize: 1,
};

const alert = (overrides: Partial<TimeAlert> = {}): TimeAlert => ({
  id: ALERT,
  instructor: { id: INSTRUCTOR, firstName: "Ivy", lastName: "Teacher" },
  suburb: "Parramatta",
  fromDate: "2026-12-07",
  toDate: "2026-12-18",
  fromTime: "07:00",
  toTime: "10:00",
  weekdays: [1, 3],
  lessonMinutes: 60,
  status: "ACTIVE",
  endedReason: null,
  createdAt: new Date().toISOString(),
  endedAt: null,
  lastNotifiedAt: null,
  ...overrides,
});

const toAu = (iso: string) => iso.split("-").reverse().join("/");

describe("Earlier-time alerts page", () => {
  it("opens with the instructor chosen and the lesson's date as the last, and sets the alert", async () => {
    const today = sydneyTodayDate(new Date());
    let alerts: TimeAlert[] = [];
    const api = mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, studentProfile()),
      [`GET /api/instructors/${INSTRUCTOR}/reviews`]: () => jsonResponse(200, instructorPage),
      "GET /api/student/time-alerts": () => jsonResponse(200, { alerts }),
      "POST /api/student/time-alerts": () => {
        alerts = [alert()];
        return jsonResponse(201, { alert: alerts[0] });
      },
    });
    const before = "2099-01-20";
    const { user } = renderApp(`/student/time-alerts?instructor=${INSTRUCTOR}&before=${before}`, signedIn);
    expect(await screen.findByText("No alerts yet")).toBeInTheDocument();
    const form = await screen.findByRole("form", { name: "New alert" });
    expect(within(form).getByLabelText("Instructor")).toHaveValue(INSTRUCTOR);
    expect(within(form).getByLabelText(/^From/)).toHaveValue(toAu(today));
    await user.clear(within(form).getByLabelText(/^To/));
    await user.type(within(form).getByLabelText(/^To/), "31/02/2099");
    await user.click(within(form).getByRole("button", { name: "Tell me about earlier times" }));
    expect(await within(form).findByText("Enter the last date as DD/MM/YYYY")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/student/time-alerts")).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/^To/));
    await user.type(within(form).getByLabelText(/^To/), toAu(today));
    await user.type(within(form).getByLabelText(/Earliest start/), "07:00");
    await user.click(within(form).getByRole("checkbox", { name: "Mon" }));
    await user.click(within(form).getByRole("button", { name: "Tell me about earlier times" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/student/time-alerts")).toHaveLength(1));
    expect(api.callsTo("POST", "/api/student/time-alerts")[0]?.body).toEqual({
      instructorId: INSTRUCTOR,
      fromDate: today,
      toDate: today,
      fromTime: "07:00",
      weekdays: [1],
      lessonMinutes: 60,
    });
    expect(await screen.findByText("Mon, Wed · 7:00 am – 10:00 am · 1 hour lessons")).toBeInTheDocument();
    // Said, and the form is fresh again: a second tap does not quietly make a twin.
    expect(
      await within(form).findByText(/Alert set\. We'll email you when a matching time opens/),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText(/Earliest start/)).toHaveValue("");
    expect(within(form).getByRole("checkbox", { name: "Mon" })).not.toBeChecked();
  });

  it("shows the server's refusal, and ends an alert with End", async () => {
    let alerts = [alert()];
    const api = mockFetch({
      "GET /api/student/profile": () => jsonResponse(200, studentProfile()),
      "GET /api/student/time-alerts": () => jsonResponse(200, { alerts }),
      "POST /api/student/time-alerts": () =>
        apiError(409, "conflict", "You already have 5 alerts on. End one before setting another."),
      [`DELETE /api/student/time-alerts/${ALERT}`]: () => {
        alerts = [alert({ status: "ENDED", endedReason: "LEARNER", endedAt: new Date().toISOString() })];
        return jsonResponse(200, { alert: alerts[0] });
      },
    });
    const { user } = renderApp("/student/time-alerts", signedIn);
    const form = await screen.findByRole("form", { name: "New alert" });
    expect(within(form).getByLabelText("Instructor")).toHaveValue("");
    await user.click(within(form).getByRole("button", { name: "Tell me about earlier times" }));
    expect(
      await screen.findByText("You already have 5 alerts on. End one before setting another."),
    ).toBeInTheDocument();

    await user.click(await screen.findByRole("button", { name: "End the alert for Ivy Teacher" }));
    expect(await screen.findByText("Ended · Ended by you")).toBeInTheDocument();
    expect(api.callsTo("DELETE", `/api/student/time-alerts/${ALERT}`)).toHaveLength(1);
  });
});

describe("An alert email's link", () => {
  const offer = (available: boolean): TimeAlertOfferResponse => ({
    offer: {
      alertId: ALERT,
      instructor: { id: INSTRUCTOR, firstName: "Ivy", lastName: "Teacher" },
      suburb: "Parramatta",
      // 9:00 am on Tue 15/06/2027 in Sydney (AEST).
      startTime: "2027-06-14T23:00:00.000Z",
      endTime: "2027-06-15T00:00:00.000Z",
      lessonMinutes: 60,
      price: available ? 80 : null,
      isPoolHours: false,
      available,
      expiresAt: "2027-06-14T00:00:00.000Z",
    },
  });
  const paid = { payment: paidPayment({ id: PAYMENT }) };

  it("shows the time without holding it; Hold this time holds it, then pays as any booking", async () => {
    const api = mockFetch({
      [`GET /api/student/time-alert-offers/${TOKEN}`]: () => jsonResponse(200, offer(true)),
      [`POST /api/student/time-alert-offers/${TOKEN}/hold`]: () =>
        jsonResponse(201, {
          payment: {
            id: PAYMENT,
            invoiceNumber: "KRB-1",
            subtotal: 80,
            gst: 8,
            amount: 88,
            holdExpiresAt: null,
          },
        }),
      [`POST /api/student/bookings/batch/confirm/${PAYMENT}`]: () => jsonResponse(200, paid),
      "GET /api/student/profile": () => jsonResponse(200, studentProfile()),
    });
    const { user } = renderApp(`/student/time-alerts/offer/${TOKEN}`, signedIn);
    expect(await screen.findByText("15/06/2027, 9:00 am – 10:00 am", { exact: false })).toBeInTheDocument();
    expect(
      screen.getByText(
        /With Ivy Teacher in Parramatta · 60 minutes · \$88\.00 incl\. GST \(\$80\.00 \+ GST\)/,
      ),
    ).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/student/time-alert-offers/${TOKEN}/hold`)).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Hold this time" }));
    await waitFor(() =>
      expect(api.callsTo("POST", `/api/student/bookings/batch/confirm/${PAYMENT}`)).toHaveLength(1),
    );
    expect(api.callsTo("POST", `/api/student/time-alert-offers/${TOKEN}/hold`)[0]?.body).toEqual({});
    // Paid: My bookings, saying so.
    expect(await screen.findByRole("heading", { level: 1, name: "My bookings" })).toBeInTheDocument();
    expect(
      await screen.findByText("Lesson booked at your earlier time. Your tax invoice is on its way by email."),
    ).toBeInTheDocument();
  });

  it("tells the second learner someone else took the time", async () => {
    mockFetch({
      [`GET /api/student/time-alert-offers/${TOKEN}`]: () => jsonResponse(200, offer(true)),
      [`POST /api/student/time-alert-offers/${TOKEN}/hold`]: () =>
        apiError(
          409,
          "slot_unavailable",
          "Someone else took this time. Your alert is still on: we will email you when another time frees up.",
        ),
    });
    const { user } = renderApp(`/student/time-alerts/offer/${TOKEN}`, signedIn);
    await user.click(await screen.findByRole("button", { name: "Hold this time" }));
    expect(
      await screen.findByText(/^Someone else took this time\. Your alert is still on/),
    ).toBeInTheDocument();
  });

  it("says so when the time has gone already", async () => {
    mockFetch({ [`GET /api/student/time-alert-offers/${TOKEN}`]: () => jsonResponse(200, offer(false)) });
    renderApp(`/student/time-alerts/offer/${TOKEN}`, signedIn);
    expect(await screen.findByText("Someone else took this time")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Hold this time" })).not.toBeInTheDocument();
  });

  it("explains a lapsed link", async () => {
    mockFetch({
      [`GET /api/student/time-alert-offers/${TOKEN}`]: () =>
        apiError(410, "link_expired", "This link has lapsed: links in alert emails work for a day."),
    });
    renderApp(`/student/time-alerts/offer/${TOKEN}`, signedIn);
    expect(
      await screen.findByText("This link has lapsed: links in alert emails work for a day."),
    ).toBeInTheDocument();
  });
});

describe("Where learners find it", () => {
  it("each upcoming lesson offers times earlier than it, with its instructor and date", async () => {
    const profile = studentProfile();
    const [lesson] = profile.bookings;
    if (!lesson) throw new Error("the fixture has a lesson");
    mockFetch({ "GET /api/student/profile": () => jsonResponse(200, profile) });
    renderApp("/student/bookings", signedIn);
    const links = await screen.findAllByRole("link", {
      name: /^Tell me about times earlier than the lesson on/,
    });
    const date = sydneyTodayDate(new Date(lesson.startTime));
    expect(links.map((l) => l.getAttribute("href"))).toContain(
      `/student/time-alerts?instructor=${lesson.instructor.id}&before=${date}`,
    );
  });
});
