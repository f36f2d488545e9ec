import {
  confirmCardSetupRequest,
  errorResponses,
  savedCardParams,
  savedCardResponse,
  savedCardsResponse,
  startCardSetupResponse,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { confirmCardSetup } from "./confirm-card-setup.ts";
import { listSavedCards } from "./list-saved-cards.ts";
import { removeSavedCard } from "./remove-saved-card.ts";
import { startCardSetup } from "./start-card-setup.ts";

/**
 * The payer's own saved cards (decision 041), the same for a learner (mounted at /api/student) and a
 * guardian (at /api/guardian): each sees, saves and removes only their own.
 */
function savedCardRoutesFor(role: "STUDENT" | "GUARDIAN"): FastifyPluginAsyncZod<AppContext> {
  const who = role === "GUARDIAN" ? "Guardian" : "Student";
  return async (app, ctx) => {
    app.addHook("onRequest", ctx.guard(role));
    const common = { tags: ["saved-cards"], security: [{ bearerAuth: [] }] };
    const errors = errorResponses(400, 401, 403);

    app.get(
      "/saved-cards",
      {
        schema: {
          ...common,
          operationId: `list${who}SavedCards`,
          summary: "List your saved cards",
          description:
            "Your cards saved with the current card provider, oldest first: brand, last four digits and " +
            "expiry, never the number. Removed cards are not listed.",
          response: { 200: savedCardsResponse, ...errors },
        },
      },
      (request) => listSavedCards(ctx, currentUserId(request)),
    );

    app.post(
      "/saved-cards",
      {
        schema: {
          ...common,
          operationId: `start${who}CardSetup`,
          summary: "Start saving a card",
          description:
            "With a card provider the answer carries setupUrl, its own page where the card is entered; the " +
            "browser comes back to your account page with session_id, which you confirm with POST " +
            "saved-cards/confirm. In demo mode a demo card is saved at once and returned as card. The " +
            "provider unreachable is 502 verification_error.",
          response: { 201: startCardSetupResponse, ...errors, ...errorResponses(502) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await startCardSetup(ctx, { id: currentUserId(request), role })),
    );

    app.post(
      "/saved-cards/confirm",
      {
        schema: {
          ...common,
          operationId: `confirm${who}CardSetup`,
          summary: "Confirm a card saved on the provider's page",
          description:
            "Checked with the card provider, never taken on trust: the session must be a card setup for " +
            "your own customer record and complete. Not saved (or not yours) is 402 verification_failed, " +
            "the provider unreachable 502. Confirming the same session again answers the same card.",
          body: confirmCardSetupRequest,
          response: { 200: savedCardResponse, ...errors, ...errorResponses(402, 502) },
        },
      },
      (request) => confirmCardSetup(ctx, currentUserId(request), request.body.sessionId),
    );

    app.delete(
      "/saved-cards/:cardId",
      {
        schema: {
          ...common,
          operationId: `remove${who}SavedCard`,
          summary: "Remove a saved card",
          description:
            "The card is detached at the card provider and never charged again; payments already made " +
            "with it, their invoices and refunds, are untouched. Answers the cards left. Someone else's " +
            "card, or one already removed, is 404 card_not_found.",
          params: savedCardParams,
          response: { 200: savedCardsResponse, ...errors, ...errorResponses(404, 502) },
        },
      },
      async (request) => {
        await removeSavedCard(ctx, currentUserId(request), request.params.cardId);
        return listSavedCards(ctx, currentUserId(request));
      },
    );
  };
}

export const studentSavedCardRoutes = savedCardRoutesFor("STUDENT");
export const guardianSavedCardRoutes = savedCardRoutesFor("GUARDIAN");
