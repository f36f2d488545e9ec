import type { WeeklySeriesPreview } from "@kerb/shared";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "@/app/providers";
import { createQueryClient } from "@/lib/query-client";
import { jsonResponse, mockFetch } from "@/test/fetch-mock";
import { paidPayment } from "@/test/fixtures";
import { WeeklySeriesDialog } from "../components/weekly-series-dialog";
import { initialChoices, seriesTotals, toBookRequest } from "../model/weekly-series";

const INSTRUCTOR = { id: "7d2a4c2f-1b5f-4c1b-8c4f-2a3b4c5d6e7f", firstName: "Ivy", lastName: "Teacher" };
const PAYMENT_ID = "00000000-0000-4000-8000-0000000000aa";
const SERIES_ID = "5e000000-0000-4000-8000-000000000001";
// Tuesdays at 10:00 am Sydney (AEDT, 23:00 UTC the day before), from 12/01/2099.
const at = (date: string, hour = 23) => `${date}T${String(hour).padStart(2, "0")}:00:00.000Z`;
const week = (n: number, date: string, startUtc: string) => ({
  week: n,
  date,
  startTime: at(startUtc),
  endTime: `${nextDay(startUtc)}T00:00:00.000Z`,
  available: true,
  price: 80,
  isPoolHours: false,
  reason: null,
  alternatives: [],
});
function nextDay(date: string) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const ALTERNATIVE = {
  startTime: "2099-01-26T23:00:00.000Z",
  endTime: "2099-01-27T00:00:00.000Z",
  price: 80,
  isPoolHours: false,
};
const preview: WeeklySeriesPreview = {
  instructor: INSTRUCTOR,
  suburb: "Bondi",
  weeks: [
    week(1, "2099-01-12", "2099-01-11"),
    week(2, "2099-01-19", "2099-01-18"),
    {
      ...week(3, "2099-01-26", "2099-01-25"),
      available: false,
      price: null,
      reason: {
        code: "public_holiday",
        message: "26/01/2099 is a public holiday (Australia Day); Ivy does not teach that day.",
      },
      alternatives: [ALTERNATIVE],
    },
  ],
  subtotal: 160,
  gst: 16,
  total: 176,
};

const request = {
  instructorId: INSTRUCTOR.id,
  startTime: preview.weeks[0]?.startTime ?? "",
  endTime: preview.weeks[0]?.endTime ?? "",
  weeks: 3,
  suburb: "Bondi" as const,
};

describe("the weekly lesson's choices", () => {
  it("keep the available weeks, skip the flagged one, and total them with GST", () => {
    const choices = initialChoices(preview);
    expect(seriesTotals(preview, choices)).toEqual({
      lessons: 2,
      subtotalCents: 16000,
      gstCents: 1600,
      totalCents: 17600,
    });
    const moved = { ...choices, 3: { action: "move" as const, time: ALTERNATIVE } };
    expect(seriesTotals(preview, moved).totalCents).toBe(26400);
    expect(toBookRequest(request, preview, moved).choices).toEqual([
      { week: 1, action: "keep", price: 80, isPoolHours: false },
      { week: 2, action: "keep", price: 80, isPoolHours: false },
      {
        week: 3,
        action: "move",
        startTime: ALTERNATIVE.startTime,
        endTime: ALTERNATIVE.endTime,
        price: 80,
        isPoolHours: false,
      },
    ]);
  });
});

describe("Repeat weekly", () => {
  it("shows every week with the holiday flagged, moves it to another time, then pays once for all", async () => {
    const server = mockFetch({
      "POST /api/student/weekly-series/preview": () => jsonResponse(200, preview),
      "POST /api/student/weekly-series": () =>
        jsonResponse(201, {
          seriesId: SERIES_ID,
          payment: {
            id: PAYMENT_ID,
            invoiceNumber: "KRB-1",
            subtotal: 240,
            gst: 24,
            amount: 264,
            holdExpiresAt: null,
          },
        }),
      [`POST /api/student/bookings/batch/confirm/${PAYMENT_ID}`]: () =>
        jsonResponse(200, {
          payment: paidPayment({
            id: PAYMENT_ID,
            provider: "demo",
            invoiceNumber: "KRB-1",
            subtotal: 240,
            gst: 24,
            amount: 264,
          }),
        }),
    });
    const onPaid = vi.fn();
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <WeeklySeriesDialog
          isOpen
          onOpenChange={() => {}}
          instructor={INSTRUCTOR}
          suburb="Bondi"
          firstLesson={{ startTime: request.startTime, endTime: request.endTime }}
          onPaid={onPaid}
        />
      </AppProviders>,
    );
    const dialog = await screen.findByRole("dialog", { name: "Repeat weekly" });
    const weeks = await within(dialog).findByRole("list", { name: "Your weeks" });
    expect(within(weeks).getAllByRole("listitem")).toHaveLength(3);
    expect(within(dialog).getByText(/public holiday \(Australia Day\)/)).toBeInTheDocument();
    expect(within(dialog).getByText("$176.00")).toBeInTheDocument();

    await user.selectOptions(
      within(dialog).getByLabelText("Week 3: skip or take another time"),
      ALTERNATIVE.startTime,
    );
    expect(within(dialog).getByText("$264.00")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Pay $264.00" }));

    await waitFor(() => expect(onPaid).toHaveBeenCalled(), { timeout: 5000 });
    const [booking] = server.callsTo("POST", "/api/student/weekly-series");
    expect(booking?.body).toMatchObject({
      instructorId: INSTRUCTOR.id,
      weeks: 6,
      choices: expect.arrayContaining([expect.objectContaining({ week: 3, action: "move" })]),
    });
    expect(booking?.headers.get("idempotency-key")).toBeTruthy();
    expect(server.callsTo("POST", `/api/student/bookings/batch/confirm/${PAYMENT_ID}`)).toHaveLength(1);
  });

  it("pays the series with the saved card when there is one, and says so; no pretend processing", async () => {
    const server = mockFetch({
      "GET /api/student/saved-cards": () =>
        jsonResponse(200, {
          cards: [
            {
              id: "f0000000-0000-4000-8000-000000000001",
              provider: "stripe",
              brand: "Visa",
              last4: "4242",
              expMonth: 4,
              expYear: 2031,
              createdAt: "2026-11-01T00:00:00.000Z",
            },
          ],
        }),
      "POST /api/student/weekly-series/preview": () => jsonResponse(200, preview),
      "POST /api/student/weekly-series": () =>
        jsonResponse(201, {
          seriesId: SERIES_ID,
          savedCard: { status: "paid" },
          payment: {
            id: PAYMENT_ID,
            invoiceNumber: "KRB-2",
            subtotal: 160,
            gst: 16,
            amount: 176,
            holdExpiresAt: null,
          },
        }),
      [`POST /api/student/bookings/batch/confirm/${PAYMENT_ID}`]: () =>
        jsonResponse(200, {
          payment: paidPayment({
            id: PAYMENT_ID,
            provider: "stripe",
            invoiceNumber: "KRB-2",
            subtotal: 160,
            gst: 16,
            amount: 176,
          }),
        }),
    });
    const onPaid = vi.fn();
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <WeeklySeriesDialog
          isOpen
          onOpenChange={() => {}}
          instructor={INSTRUCTOR}
          suburb="Bondi"
          firstLesson={{ startTime: request.startTime, endTime: request.endTime }}
          onPaid={onPaid}
        />
      </AppProviders>,
    );
    const dialog = await screen.findByRole("dialog", { name: "Repeat weekly" });
    expect(
      await within(dialog).findByText("Paid with your saved Visa •••• 4242, in one payment."),
    ).toBeInTheDocument();
    await within(dialog).findByRole("list", { name: "Your weeks" });
    await user.click(within(dialog).getByRole("button", { name: "Pay $176.00" }));
    await waitFor(() => expect(onPaid).toHaveBeenCalled(), { timeout: 1000 });
    expect(server.callsTo("POST", "/api/student/weekly-series")[0]?.body).toMatchObject({
      savedCardId: "f0000000-0000-4000-8000-000000000001",
    });
  });
});
