import type { TestPackageOffer } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { offerView } from "./offer-view.ts";
import { findOffer } from "./test-packages.repository.ts";

/** GET /instructor/test-package: the instructor's own offer (off, with no price, until saved). */
export async function getTestPackage(ctx: AppContext, instructorId: string): Promise<TestPackageOffer> {
  return offerView(await findOffer(ctx.db, instructorId));
}
