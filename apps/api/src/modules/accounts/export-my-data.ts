import type { AppContext } from "../../context.ts";
import type { AuthenticatedUser } from "../../lib/access-token.ts";
import { AppError } from "../../lib/app-error.ts";
import { listCardsForExport } from "../saved-cards/index.ts";
import * as repo from "./privacy.repository.ts";

/**
 * GET /me/data-export: everything Kerb holds about the signed-in user, as one JSON document (APP 12).
 * Only ever the caller's own: the id comes from the session, never from the request.
 */
export async function exportMyData(ctx: AppContext, user: AuthenticatedUser) {
  const data = await repo.readUserData(ctx.db, user.id);
  if (!data.account) throw new AppError("not_found", "Account not found");
  const now = ctx.now();
  await ctx.transact((uow) =>
    uow.audit({
      actorId: user.id,
      action: "user.data_export",
      targetType: "user",
      targetId: user.id,
      createdAt: now,
    }),
  );
  return {
    format: "kerb-data-export",
    version: 1,
    exportedAt: now.toISOString(),
    ...data,
    savedCards: await listCardsForExport(ctx.db, user.id),
  };
}
