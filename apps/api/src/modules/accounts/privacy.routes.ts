import {
  closureRequestBody,
  closureRequestResponse,
  errorResponses,
  legalAcceptanceRequest,
  outstandingLegalDocument,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { acceptLegalDocuments } from "../auth/index.ts";
import { exportMyData } from "./export-my-data.ts";
import { requestAccountClosure } from "./request-account-closure.ts";

/**
 * The signed-in user's own terms and privacy rights (mounted at /api/me): accept a new version of the
 * terms, download their data (APP 12), ask for their account to be closed (APP 11.2).
 */
export const privacyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard());
  const tags = ["privacy"];
  const security = [{ bearerAuth: [] }];

  app.post(
    "/legal-acceptances",
    {
      schema: {
        tags,
        operationId: "acceptLegalDocuments",
        summary: "Accept the current terms, privacy policy or instructor agreement",
        description:
          "Stores the version and time of each document accepted and answers what is still outstanding. A " +
          "version that is not the current one is 409 conflict; one already accepted is not an error.",
        security,
        body: legalAcceptanceRequest,
        response: {
          200: z.object({ outstandingLegal: z.array(outstandingLegalDocument) }),
          ...errorResponses(400, 401, 409),
        },
      },
    },
    (request) => acceptLegalDocuments(ctx, currentUser(request), request.body.documents),
  );

  app.get(
    "/data-export",
    {
      schema: {
        tags,
        operationId: "exportMyData",
        summary: "Download everything Kerb holds about me",
        description:
          "One JSON file (an attachment): profile, terms accepted, lessons, payments, payouts, messages, " +
          "lesson records, logbook and the audit entries about the account. Only the caller's own.",
        security,
        response: { 200: z.record(z.string(), z.unknown()), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const data = await exportMyData(ctx, currentUser(request));
      const day = data.exportedAt.slice(0, 10);
      reply.header("content-disposition", `attachment; filename="kerb-data-${day}.json"`);
      return data;
    },
  );

  app.post(
    "/closure-request",
    {
      schema: {
        tags,
        operationId: "requestAccountClosure",
        summary: "Ask for my account to be closed",
        description:
          "An admin completes the request. Refused (409 invalid_state, with the reason) while a lesson is " +
          "still booked, a payment or card refund is in progress, or Kerb still owes an instructor for a " +
          "lesson; 409 conflict when a request is already open.",
        security,
        body: closureRequestBody,
        response: { 201: closureRequestResponse, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await requestAccountClosure(ctx, currentUser(request), request.body?.reason || null)),
  );
};
