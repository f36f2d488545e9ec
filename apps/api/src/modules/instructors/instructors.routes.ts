import {
  availabilityChangeResponse,
  availabilityExceptionRequest,
  calendarTokenResponse,
  calendarTokenStatusResponse,
  errorResponse,
  errorResponses,
  idParams,
  instructorAvailabilityResponse,
  instructorDashboardResponse,
  instructorEarningsResponse,
  instructorLessonsQuery,
  instructorLessonsResponse,
  instructorProfileResponse,
  instructorSettingsRequest,
  lessonActionResponse,
  lessonCancellationResponse,
  okResponse,
  weeklyAvailabilityRequest,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { createInstructorAvailabilityService } from "./instructor-availability.service.ts";
import { createInstructorService } from "./instructors.service.ts";

/**
 * The instructor portal (mounted at /api/instructor), INSTRUCTOR only. Every route acts on the
 * signed-in instructor's own data: ids in paths are looked up within it, so another instructor's id
 * answers 404.
 */
export const instructorRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const instructors = createInstructorService(ctx);
  const availability = createInstructorAvailabilityService(ctx);
  // onRequest, not preHandler: the caller is checked before the body is even parsed or validated,
  // so an anonymous or wrong-role request gets 401/403, never a 400 about its payload.
  app.addHook("onRequest", ctx.guard("INSTRUCTOR"));

  const tags = ["instructor"];
  const security = [{ bearerAuth: [] }];
  const errors = errorResponses(400, 401, 403, 404);
  const stateErrors = errorResponses(400, 401, 403, 404, 409);
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(
    "/profile",
    {
      schema: {
        tags,
        security,
        response: { 200: instructorProfileResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    (request) => instructors.getProfile(me(request)),
  );

  app.get(
    "/dashboard",
    { schema: { tags, security, response: { 200: instructorDashboardResponse, ...errors } } },
    (request) => instructors.getDashboard(me(request)),
  );

  // Availability and settings --------------------------------------------------------------------

  app.get(
    "/availability",
    { schema: { tags, security, response: { 200: instructorAvailabilityResponse, ...errors } } },
    (request) => availability.getAvailability(me(request)),
  );

  app.put(
    "/availability/weekly",
    {
      schema: {
        tags,
        security,
        body: weeklyAvailabilityRequest,
        response: { 200: availabilityChangeResponse, ...errors },
      },
    },
    (request) => availability.replaceWeekly(me(request), request.body.weekly),
  );

  app.post(
    "/availability/exceptions",
    {
      schema: {
        tags,
        security,
        body: availabilityExceptionRequest,
        response: { 201: availabilityChangeResponse, ...stateErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await availability.addException(me(request), request.body)),
  );

  app.delete(
    "/availability/exceptions/:id",
    {
      schema: { tags, security, params: idParams, response: { 200: availabilityChangeResponse, ...errors } },
    },
    (request) => availability.removeException(me(request), request.params.id),
  );

  app.patch(
    "/settings",
    {
      schema: {
        tags,
        security,
        body: instructorSettingsRequest,
        response: { 200: availabilityChangeResponse, ...errors },
      },
    },
    (request) => availability.updateSettings(me(request), request.body),
  );

  // Lessons --------------------------------------------------------------------------------------

  app.get(
    "/lessons",
    {
      schema: {
        tags,
        security,
        querystring: instructorLessonsQuery,
        response: { 200: instructorLessonsResponse, ...errors },
      },
    },
    (request) => instructors.listLessons(me(request), request.query),
  );

  app.post(
    "/lessons/:id/complete",
    { schema: { tags, security, params: idParams, response: { 200: lessonActionResponse, ...stateErrors } } },
    (request) => instructors.completeLesson(me(request), request.params.id),
  );

  app.post(
    "/lessons/:id/no-show",
    { schema: { tags, security, params: idParams, response: { 200: lessonActionResponse, ...stateErrors } } },
    (request) => instructors.markNoShow(me(request), request.params.id),
  );

  app.post(
    "/lessons/:id/cancel",
    {
      schema: {
        tags,
        security,
        params: idParams,
        response: { 200: lessonCancellationResponse, ...stateErrors },
      },
    },
    (request) => instructors.cancelLesson(me(request), request.params.id),
  );

  // Earnings and calendar feed -------------------------------------------------------------------

  app.get(
    "/earnings",
    { schema: { tags, security, response: { 200: instructorEarningsResponse, ...errors } } },
    (request) => instructors.getEarnings(me(request)),
  );

  app.get(
    "/calendar-token",
    { schema: { tags, security, response: { 200: calendarTokenStatusResponse, ...errors } } },
    (request) => instructors.getCalendarToken(me(request)),
  );

  app.post(
    "/calendar-token",
    { schema: { tags, security, response: { 200: calendarTokenResponse, ...errors } } },
    (request) => instructors.rotateCalendarToken(me(request)),
  );

  app.delete(
    "/calendar-token",
    { schema: { tags, security, response: { 200: okResponse, ...errors } } },
    (request) => instructors.revokeCalendarToken(me(request)),
  );
};
