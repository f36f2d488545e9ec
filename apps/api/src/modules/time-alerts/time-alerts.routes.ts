import {
  checkoutResponse,
  createTimeAlertRequest,
  errorResponses,
  holdTimeAlertOfferRequest,
  idParams,
  timeAlertListResponse,
  timeAlertOfferParams,
  timeAlertOfferResponse,
  timeAlertResponse,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { createTimeAlert } from "./create-time-alert.ts";
import { endOwnTimeAlert } from "./end-time-alert.ts";
import { listTimeAlerts } from "./list-time-alerts.ts";
import { getTimeAlertOffer, holdTimeAlertOffer } from "./time-alert-offer.ts";

/** Under /api/student: the learner's earlier-time alerts, and the times their emails offer. */
export const studentTimeAlertRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["time-alerts"], security: [{ bearerAuth: [] }] };

  app.post(
    "/time-alerts",
    {
      schema: {
        ...common,
        operationId: "createTimeAlert",
        summary: "Ask to be told when an earlier time frees up",
        description:
          "An alert for one instructor (or, with no instructorId, any instructor teaching in the suburb) " +
          "between two Sydney dates, optionally between times of day and on some weekdays, for a lesson " +
          "length. When a cancellation, a move or new hours open a matching time, the learner is emailed " +
          "(at most once a day) a link to hold it. The window starts today or later and spans at most 60 " +
          "days (400 validation_error); an instructor not listed is 404, one who does not teach in the " +
          "suburb 400 instructor_not_in_suburb; more than 5 active alerts is 409 conflict.",
        body: createTimeAlertRequest,
        response: { 201: timeAlertResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ alert: await createTimeAlert(ctx, currentUserId(request), request.body) }),
  );

  app.get(
    "/time-alerts",
    {
      schema: {
        ...common,
        operationId: "listTimeAlerts",
        summary: "The learner's earlier-time alerts",
        description: "Active alerts first, then ended ones with why they ended, most recent first.",
        response: { 200: timeAlertListResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ alerts: await listTimeAlerts(ctx, currentUserId(request)) }),
  );

  app.delete(
    "/time-alerts/:id",
    {
      schema: {
        ...common,
        operationId: "endTimeAlert",
        summary: "End an earlier-time alert",
        description:
          "No more emails from it. Ending an alert already ended changes nothing; another learner's is 404.",
        params: idParams,
        response: { 200: timeAlertResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ alert: await endOwnTimeAlert(ctx, currentUserId(request), request.params.id) }),
  );

  app.get(
    "/time-alert-offers/:token",
    {
      schema: {
        ...common,
        operationId: "getTimeAlertOffer",
        summary: "The time an alert email offers",
        description:
          "Reads the email link's signed token: the instructor, time and length it offers, its price now " +
          "and whether it is still free. Holds nothing. A token not ours (or another learner's) is 404, " +
          "a lapsed link 410 link_expired.",
        params: timeAlertOfferParams,
        response: { 200: timeAlertOfferResponse, ...errorResponses(400, 401, 403, 404, 410) },
      },
    },
    (request) => getTimeAlertOffer(ctx, currentUserId(request), request.params.token),
  );

  app.post(
    "/time-alert-offers/:token/hold",
    {
      schema: {
        ...common,
        operationId: "holdTimeAlertOffer",
        summary: "Hold the time an alert email offers",
        description:
          "First come first served: holds the offered time for the normal hold period and opens its " +
          "payment, as POST /student/bookings/batch does (paymentUrl with a card provider; in demo mode " +
          "the client confirms). Someone else holding it first is 409 slot_unavailable (the alert stays " +
          "on); a lapsed link 410 link_expired. The alert ends once the time is held.",
        params: timeAlertOfferParams,
        body: holdTimeAlertOfferRequest,
        response: { 201: checkoutResponse, ...errorResponses(400, 401, 403, 404, 409, 410, 429) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await holdTimeAlertOffer(ctx, currentUserId(request), request.params.token, request.body)),
  );
};
