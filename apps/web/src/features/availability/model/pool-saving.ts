import type { InstructorListing } from "@kerb/shared";
import { dollarsToCents } from "@kerb/shared/rules";
import type { SelectedSlot } from "./selection";

type Listed = Pick<InstructorListing, "id" | "standardRate" | "poolRate" | "poolOptIn">;

/**
 * The standard price a pool slot is discounted from, in cents, or null when there is nothing to show.
 * A slot carries only its own price, so the standard one is read from the suburb's instructor listing:
 * the slot's own instructor, or for an auto-assigned slot the pool instructor whose pool rate is the
 * slot's price (that is whom the server prices it by). Two standard rates a cent apart can share a
 * pool rate; the lower is shown then, so the saving is never overstated.
 */
export function standardPriceCents(
  slot: Pick<SelectedSlot, "instructorId" | "price" | "isPoolHours">,
  listings: readonly Listed[],
): number | null {
  if (!slot.isPoolHours) return null;
  const priceCents = dollarsToCents(slot.price);
  const candidates = slot.instructorId
    ? listings.filter((i) => i.id === slot.instructorId)
    : listings.filter((i) => i.poolOptIn && dollarsToCents(i.poolRate) === priceCents);
  const standards = candidates.map((i) => dollarsToCents(i.standardRate)).filter((c) => c > priceCents);
  return standards.length > 0 ? Math.min(...standards) : null;
}
