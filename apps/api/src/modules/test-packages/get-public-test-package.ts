import type { PublicTestPackage } from "@kerb/shared";
import {
  centsToDollars,
  consumerPriceCents,
  formatConsumerPrice,
  isListableInstructor,
  sydneyTodayDate,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { findInstructorListing } from "../instructors/index.ts";
import { centreSummaries } from "./offer-view.ts";
import { findOffer } from "./test-packages.repository.ts";

/**
 * GET /instructors/:id/test-package (public): whether a listed instructor sells test packages, at the
 * price a learner pays (GST included, total first: rules/consumer-price.ts) and at which centres. An
 * unknown or unlisted instructor is 404, as their reviews are; a switched-off offer shows nothing of it.
 */
export async function getPublicTestPackage(
  ctx: AppContext,
  instructorId: string,
): Promise<PublicTestPackage> {
  const [listing, offer] = await Promise.all([
    findInstructorListing(ctx.db, instructorId),
    findOffer(ctx.db, instructorId),
  ]);
  if (!listing || !isListableInstructor(listing, sydneyTodayDate(ctx.now()))) {
    throw new AppError("not_found", "Instructor not found");
  }
  const centres = offer?.enabled ? centreSummaries(offer.centreIds) : [];
  // Every centre of the offer retired since: nowhere to sell it, so it is not offered.
  if (!offer || centres.length === 0) {
    return { instructorId, offered: false, price: null, priceText: null, includesWarmUp: null, centres: [] };
  }
  return {
    instructorId,
    offered: true,
    price: centsToDollars(consumerPriceCents(offer.priceCents)),
    priceText: formatConsumerPrice(offer.priceCents),
    includesWarmUp: offer.includesWarmUp,
    centres,
  };
}
