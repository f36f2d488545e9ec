import {
  availabilityChangeResponse,
  availabilityExceptionRequest,
  errorResponses,
  idParams,
  instructorAvailabilityResponse,
  weeklyAvailabilityRequest,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { createInstructorAvailabilityService } from "./availability.instructor.service.ts";

/**
 * The instructor's own weekly hours and date overrides (mounted at /api/instructor), INSTRUCTOR only.
 * Another instructor's exception id answers 404.
 */
export const instructorAvailabilityRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const hours = createInstructorAvailabilityService(ctx);
  // onRequest: the caller is checked before the body is parsed or validated (401/403 before any 400).
  app.addHook("onRequest", ctx.guard("INSTRUCTOR"));

  const tags = ["instructor"];
  const security = [{ bearerAuth: [] }];
  const errors = errorResponses(400, 401, 403, 404);
  const stateErrors = errorResponses(400, 401, 403, 404, 409);
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(
    "/availability",
    {
      schema: {
        tags,
        operationId: "getInstructorAvailability",
        summary: "The instructor's hours and settings",
        description:
          "Weekly hours for all 7 weekdays (empty = day off), dated exceptions, suburbs, pool opt-in and " +
          "standard rate.",
        security,
        response: { 200: instructorAvailabilityResponse, ...errors },
      },
    },
    (request) => hours.getAvailability(me(request)),
  );

  app.put(
    "/availability/weekly",
    {
      schema: {
        tags,
        operationId: "replaceWeeklyAvailability",
        summary: "Replace the weekly hours",
        description:
          "Replaces every weekly range; a weekday left out is a day off. Booked lessons are never " +
          "cancelled: those that no longer fit come back in affectedBookings with a warning.",
        security,
        body: weeklyAvailabilityRequest,
        response: { 200: availabilityChangeResponse, ...errors },
      },
    },
    (request) => hours.replaceWeekly(me(request), request.body.weekly),
  );

  app.post(
    "/availability/exceptions",
    {
      schema: {
        tags,
        operationId: "addAvailabilityException",
        summary: "Take a date off or set its hours",
        description:
          "CLOSED takes the whole date off; OPEN replaces that date's weekly hours (several OPEN entries " +
          "add up). The date must not be in the past; a clash with an existing exception is 409. Lessons " +
          "that no longer fit are reported, not cancelled.",
        security,
        body: availabilityExceptionRequest,
        response: { 201: availabilityChangeResponse, ...stateErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await hours.addException(me(request), request.body)),
  );

  app.delete(
    "/availability/exceptions/:id",
    {
      schema: {
        tags,
        operationId: "removeAvailabilityException",
        summary: "Remove a date exception",
        description: "The date goes back to its weekly hours. Another instructor's exception is 404.",
        security,
        params: idParams,
        response: { 200: availabilityChangeResponse, ...errors },
      },
    },
    (request) => hours.removeException(me(request), request.params.id),
  );
};
