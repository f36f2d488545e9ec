import {
  availabilityQuery,
  availabilitySummaryResponse,
  errorResponses,
  instructorsQuery,
  instructorsResponse,
  slotsResponse,
} from "@kerb/shared";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { createAvailabilityCache } from "./availability-answers.ts";
import { getAvailabilitySummary } from "./get-availability-summary.ts";
import { listInstructors } from "./list-instructors.ts";
import { listSlots } from "./list-slots.ts";

const errors = errorResponses(400, 401, 403, 404);
// The use cases hand back JSON already serialized by the route's own response schema (and cached, as
// UTF-8 bytes): a Buffer is sent as it is.
const serializer = (reply: FastifyReply) => (payload: unknown) => String(reply.serialize(payload));
const sendJson = (reply: FastifyReply, json: Buffer) =>
  reply.type("application/json; charset=utf-8").send(json);

/** Student-facing catalogue: instructors of a suburb, availability summary and slots (mounted at /api/student). */
export const availabilityRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // One cache of schedules and answers for this app's availability routes.
  const cache = createAvailabilityCache();
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const tags = ["availability"];
  const security = [{ bearerAuth: [] }];

  app.get(
    "/instructors",
    {
      schema: {
        tags,
        operationId: "listInstructors",
        summary: "Instructors a student can book in a suburb",
        description:
          "Verified instructors with current documents who teach in the suburb, with rating, rate and " +
          "languages, optionally filtered by experience level, licence type and language.",
        security,
        querystring: instructorsQuery,
        response: { 200: instructorsResponse, ...errors },
      },
    },
    (request) => listInstructors(ctx, request.query),
  );

  app.get(
    "/availability-summary",
    {
      schema: {
        tags,
        operationId: "getAvailabilitySummary",
        summary: "Free hours per day in a suburb",
        description:
          "One entry per Sydney date of the range (at most the booking horizon): whether anything is free, " +
          "and how many pool and standard hours. Booked and held times are left out.",
        security,
        querystring: availabilityQuery,
        response: { 200: availabilitySummaryResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(reply, await getAvailabilitySummary(ctx, cache, request.query, serializer(reply))),
  );

  app.get(
    "/slots",
    {
      schema: {
        tags,
        operationId: "listSlots",
        summary: "Bookable one-hour slots in a suburb",
        description:
          "The free slots of the date range, optionally of one instructor or pool hours only. A pool slot " +
          "has no instructor yet: one is assigned when it is booked.",
        security,
        querystring: availabilityQuery,
        response: { 200: slotsResponse, ...errors },
      },
    },
    async (request, reply) => sendJson(reply, await listSlots(ctx, cache, request.query, serializer(reply))),
  );
};
