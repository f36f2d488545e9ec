import { type InstructorListing, LESSON_MINUTES } from "@kerb/shared";
import { dollarsToCents, lessonPriceCents } from "@kerb/shared/rules";
import { type SelectedSlot, slotMinutes } from "./selection";

type Listed = Pick<InstructorListing, "id" | "standardRate" | "poolRate" | "poolOptIn">;

/**
 * The standard price a pool slot is discounted from, in cents, or null when there is nothing to show.
 * A slot carries only its own price, so the standard one is read from the suburb's instructor listing:
 * the slot's own instructor, or for an auto-assigned slot the pool instructor whose pool rate is the
 * slot's price (that is whom the server prices it by). Two standard rates a cent apart can share a
 * pool rate; the lower is shown then, so the saving is never overstated. Rates are hourly: a longer
 * lesson's prices are the rate × its hours, rounded as the server does (lessonPriceCents).
 */
export function standardPriceCents(
  slot: Pick<SelectedSlot, "instructorId" | "price" | "isPoolHours"> &
    Partial<Pick<SelectedSlot, "startTime" | "endTime">>,
  listings: readonly Listed[],
): number | null {
  if (!slot.isPoolHours) return null;
  const priceCents = dollarsToCents(slot.price);
  const { startTime, endTime } = slot;
  const minutes = startTime && endTime ? slotMinutes({ startTime, endTime }) : LESSON_MINUTES;
  const forLesson = (hourlyDollars: number) =>
    lessonPriceCents({ standardRateCents: dollarsToCents(hourlyDollars), isPoolHours: false, minutes });
  const candidates = slot.instructorId
    ? listings.filter((i) => i.id === slot.instructorId)
    : listings.filter((i) => i.poolOptIn && forLesson(i.poolRate) === priceCents);
  const standards = candidates.map((i) => forLesson(i.standardRate)).filter((c) => c > priceCents);
  return standards.length > 0 ? Math.min(...standards) : null;
}
