import {
  availabilityChangeResponse,
  availabilityExceptionRequest,
  calendarTokenResponse,
  calendarTokenStatusResponse,
  errorResponses,
  idParams,
  instructorAvailabilityResponse,
  instructorDashboardResponse,
  instructorEarningsResponse,
  instructorProfileResponse,
  instructorSettingsRequest,
  okResponse,
  rotateCalendarTokenRequest,
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
        operationId: "getInstructorProfile",
        summary: "The signed-in instructor's profile",
        description:
          "The instructor's details, suburbs, languages, rates and verification status, and their lessons.",
        security,
        response: { 200: instructorProfileResponse, ...errorResponses(401, 403) },
      },
    },
    (request) => instructors.getProfile(me(request)),
  );

  app.get(
    "/dashboard",
    {
      schema: {
        tags,
        operationId: "getInstructorDashboard",
        summary: "The instructor's dashboard",
        description:
          "Today's schedule, the next 5 lessons, this week's and this month's figures, rates and the " +
          "instructor's listing details, as of the Sydney date today.",
        security,
        response: { 200: instructorDashboardResponse, ...errors },
      },
    },
    (request) => instructors.getDashboard(me(request)),
  );

  // Availability and settings --------------------------------------------------------------------

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
    (request) => availability.getAvailability(me(request)),
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
    (request) => availability.replaceWeekly(me(request), request.body.weekly),
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
    async (request, reply) =>
      reply.status(201).send(await availability.addException(me(request), request.body)),
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
    (request) => availability.removeException(me(request), request.params.id),
  );

  app.patch(
    "/settings",
    {
      schema: {
        tags,
        operationId: "updateInstructorSettings",
        summary: "Change suburbs, pool opt-in or rate",
        description:
          "Any subset of poolOptIn, suburbs and standardRate (at least one). Lessons that no longer fit " +
          "are reported in affectedBookings, not cancelled.",
        security,
        body: instructorSettingsRequest,
        response: { 200: availabilityChangeResponse, ...errors },
      },
    },
    (request) => availability.updateSettings(me(request), request.body),
  );

  // Earnings and calendar feed -------------------------------------------------------------------

  app.get(
    "/earnings",
    {
      schema: {
        tags,
        operationId: "getInstructorEarnings",
        summary: "Earnings per month",
        description: "Completed lessons per Sydney month of the lesson start, newest first, and the totals.",
        security,
        response: { 200: instructorEarningsResponse, ...errors },
      },
    },
    (request) => instructors.getEarnings(me(request)),
  );

  app.get(
    "/calendar-token",
    {
      schema: {
        tags,
        operationId: "getCalendarToken",
        summary: "The instructor's calendar feed URL",
        description: "The current iCalendar feed URL (secret included), or null when no feed is active.",
        security,
        response: { 200: calendarTokenStatusResponse, ...errors },
      },
    },
    (request) => instructors.getCalendarToken(me(request)),
  );

  app.post(
    "/calendar-token",
    {
      schema: {
        tags,
        operationId: "rotateCalendarToken",
        summary: "Create or replace the calendar feed URL",
        description:
          "A new secret each time: the previous feed URL stops working at once. Takes no body (none, or " +
          "{}); anything else is 400.",
        security,
        body: rotateCalendarTokenRequest.nullish(),
        response: { 200: calendarTokenResponse, ...errors },
      },
    },
    (request) => instructors.rotateCalendarToken(me(request)),
  );

  app.delete(
    "/calendar-token",
    {
      schema: {
        tags,
        operationId: "revokeCalendarToken",
        summary: "Turn the calendar feed off",
        description: "The feed URL stops working at once; a new one can be created later.",
        security,
        response: { 200: okResponse, ...errors },
      },
    },
    (request) => instructors.revokeCalendarToken(me(request)),
  );
};
