import type { TestPackageOffer } from "@kerb/shared";
import { dollarsToCents } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { lockInstructorSettings } from "../instructors/index.ts";
import { offerView } from "./offer-view.ts";
import { findOffer, type OfferValues, saveOffer } from "./test-packages.repository.ts";

/**
 * PUT /instructor/test-package: replaces the instructor's offer, audited before → after when anything
 * changed (the price is money a learner will be charged). The request schema has already checked the
 * price, the centre ids and that an offer switched on names a centre. Packs already booked (a later
 * slice) keep what was agreed: the offer is what new packs are sold at.
 */
export async function saveTestPackage(
  ctx: AppContext,
  instructorId: string,
  input: { enabled: boolean; price: number; includesWarmUp: boolean; centreIds: string[] },
): Promise<TestPackageOffer> {
  const now = ctx.now();
  const after: OfferValues = {
    enabled: input.enabled,
    priceCents: dollarsToCents(input.price),
    includesWarmUp: input.includesWarmUp,
    centreIds: input.centreIds,
  };
  await ctx.transact(async (uow) => {
    const { tx } = uow;
    // The profile row's lock serialises two saves of one instructor, the first one included.
    if (!(await lockInstructorSettings(tx, instructorId))) {
      throw new AppError("not_found", "Instructor profile not found");
    }
    const saved = await findOffer(tx, instructorId);
    const before: OfferValues | null = saved
      ? {
          enabled: saved.enabled,
          priceCents: saved.priceCents,
          includesWarmUp: saved.includesWarmUp,
          centreIds: saved.centreIds,
        }
      : null;
    if (before && JSON.stringify(before) === JSON.stringify(after)) return;
    await saveOffer(tx, instructorId, after, now);
    await uow.audit({
      actorId: instructorId,
      action: "instructor.test_package_change",
      targetType: "instructor",
      targetId: instructorId,
      details: { before, after },
      createdAt: now,
    });
  });
  return offerView(await findOffer(ctx.db, instructorId));
}
