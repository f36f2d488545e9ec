import {
  availabilityQuery,
  availabilitySummaryResponse,
  errorResponses,
  instructorsQuery,
  instructorsResponse,
  slotsResponse,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { createAvailabilityService } from "./availability.service.ts";

const errors = errorResponses(400, 401, 403, 404);

/** Student-facing catalogue: instructors of a suburb, availability summary and slots (mounted at /api/student). */
export const availabilityRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const availability = createAvailabilityService(ctx);
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const tags = ["availability"];
  const security = [{ bearerAuth: [] }];

  app.get(
    "/instructors",
    {
      schema: {
        tags,
        security,
        querystring: instructorsQuery,
        response: { 200: instructorsResponse, ...errors },
      },
    },
    (request) => availability.listInstructors(request.query),
  );

  app.get(
    "/availability-summary",
    {
      schema: {
        tags,
        security,
        querystring: availabilityQuery,
        response: { 200: availabilitySummaryResponse, ...errors },
      },
    },
    (request) => availability.getAvailabilitySummary(request.query),
  );

  app.get(
    "/slots",
    {
      schema: { tags, security, querystring: availabilityQuery, response: { 200: slotsResponse, ...errors } },
    },
    (request) => availability.listSlots(request.query),
  );
};
