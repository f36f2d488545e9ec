import type {
  BookWeeklySeriesRequest,
  SeriesTime,
  WeeklySeriesPreview,
  WeeklySeriesRequest,
} from "@kerb/shared";
import { dollarsToCents, type InvoiceTotals, invoiceTotals } from "@kerb/shared/rules";

/** What the learner does with one week: keep it as planned, skip it, or take another time offered that week. */
export type WeekChoice = { action: "keep" } | { action: "skip" } | { action: "move"; time: SeriesTime };

export type WeekChoices = Record<number, WeekChoice>;

/** Available weeks are kept and the others skipped until the learner picks another time for them. */
export function initialChoices(preview: WeeklySeriesPreview): WeekChoices {
  return Object.fromEntries(
    preview.weeks.map((w) => [w.week, w.available ? { action: "keep" } : { action: "skip" }]),
  );
}

/** The value of a flagged week's choice in its select: "skip", or the start of the time chosen. */
export function choiceValue(choice: WeekChoice | undefined): string {
  return choice?.action === "move" ? choice.time.startTime : "skip";
}

/** The price of each week that will be booked, in cents, in week order. */
function bookedPrices(preview: WeeklySeriesPreview, choices: WeekChoices): number[] {
  return preview.weeks.flatMap((w) => {
    const choice = choices[w.week];
    if (choice?.action === "keep" && w.price !== null) return [dollarsToCents(w.price)];
    if (choice?.action === "move") return [dollarsToCents(choice.time.price)];
    return [];
  });
}

/** How many lessons will be booked and the invoice's totals for them (the server's rule, GST included). */
export function seriesTotals(
  preview: WeeklySeriesPreview,
  choices: WeekChoices,
): InvoiceTotals & { lessons: number } {
  const prices = bookedPrices(preview, choices);
  return { ...invoiceTotals(prices), lessons: prices.length };
}

/** The booking request for the series as chosen: every week answered, prices as shown. */
export function toBookRequest(
  request: WeeklySeriesRequest,
  preview: WeeklySeriesPreview,
  choices: WeekChoices,
): BookWeeklySeriesRequest {
  return {
    ...request,
    choices: preview.weeks.map((w) => {
      const choice = choices[w.week];
      if (choice?.action === "keep" && w.price !== null) {
        return { week: w.week, action: "keep", price: w.price, isPoolHours: w.isPoolHours };
      }
      if (choice?.action === "move") {
        return {
          week: w.week,
          action: "move",
          startTime: choice.time.startTime,
          endTime: choice.time.endTime,
          price: choice.time.price,
          isPoolHours: choice.time.isPoolHours,
        };
      }
      return { week: w.week, action: "skip" };
    }),
  };
}
