import {
  availabilityChangeResponse,
  availabilityExceptionRequest,
  errorResponses,
  idParams,
  instructorAvailabilityResponse,
  instructorSettingsRequest,
  LEAVE_MAX_DAYS,
  leaveRequest,
  leaveResponse,
  weeklyAvailabilityRequest,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { addLeave } from "./add-leave.ts";
import { addOverride } from "./add-override.ts";
import { removeOverride } from "./remove-override.ts";
import { replaceWeeklyHours } from "./replace-weekly-hours.ts";
import { getSchedule } from "./schedule-view.ts";
import { updateTeachingSettings } from "./update-teaching-settings.ts";

/**
 * The instructor's own weekly hours and date overrides (mounted at /api/instructor), INSTRUCTOR only.
 * Another instructor's exception id answers 404.
 */
export const scheduleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // onRequest: the caller is checked before the body is parsed or validated (401/403 before any 400).
  app.addHook("onRequest", ctx.guard("INSTRUCTOR"));

  const tags = ["instructor"];
  const security = [{ bearerAuth: [] }];
  const errors = errorResponses(400, 401, 403, 404);
  const stateErrors = errorResponses(400, 401, 403, 404, 409);

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
    (request) => getSchedule(ctx, currentUserId(request)),
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
    (request) => replaceWeeklyHours(ctx, currentUserId(request), request.body.weekly),
  );

  app.post(
    "/availability/exceptions",
    {
      schema: {
        tags,
        operationId: "addAvailabilityException",
        summary: "Take a date or some hours off, or add hours",
        description:
          "An override changes only the time it covers. CLOSED without start and end takes the whole date " +
          "off (a day off); CLOSED with start–end takes that time off; OPEN adds start–end to the date's " +
          "hours (extra hours win over time off). 400 validation_error when the override lies in the past " +
          "(a date before today in Sydney, or a window that has already ended today; a whole day off today " +
          "is allowed) or when extra hours hold no 60-minute lesson starting on the hour. 400 invalid_range " +
          "when two time-off or two extra-hours windows on the date overlap, or time off lies over extra " +
          "hours; 409 when a whole day off meets any other override on the date. Lessons that no longer " +
          "fit are reported, not cancelled, and their students are emailed.",
        security,
        body: availabilityExceptionRequest,
        response: { 201: availabilityChangeResponse, ...stateErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addOverride(ctx, currentUserId(request), request.body)),
  );

  app.post(
    "/availability/leave",
    {
      schema: {
        tags,
        operationId: "addLeave",
        summary: "Take leave over a date range",
        description:
          'A whole day off (CLOSED without a window, note "Leave" unless one is given) for every date ' +
          `from startDate to endDate, both included: at most ${LEAVE_MAX_DAYS} days, starting today or ` +
          "later (400 otherwise). Dates already whole days off are skipped (leave.skipped); dates with " +
          "time off or extra hours get the day off too, which wins over them. One transaction; lessons " +
          "it clashes with come back in affectedBookings, are not cancelled, and their students are emailed.",
        security,
        body: leaveRequest,
        response: { 201: leaveResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addLeave(ctx, currentUserId(request), request.body)),
  );

  app.delete(
    "/availability/exceptions/:id",
    {
      schema: {
        tags,
        operationId: "removeAvailabilityException",
        summary: "Remove a date exception",
        description:
          "The time it covered goes back to the weekly hours and the date's other overrides. Another " +
          "instructor's exception is 404.",
        security,
        params: idParams,
        response: { 200: availabilityChangeResponse, ...errors },
      },
    },
    (request) => removeOverride(ctx, currentUserId(request), request.params.id),
  );

  app.patch(
    "/settings",
    {
      schema: {
        tags: ["instructor"],
        operationId: "updateInstructorSettings",
        summary: "Change suburbs, pool opt-in, rate or scheduling settings",
        description:
          "Any subset of poolOptIn, suburbs, standardRate, travelBufferMinutes (minutes kept free between " +
          "lessons on top of the drive between suburbs), minNoticeHours (how long before a lesson it can " +
          "still be booked), dailyLessonCap (the most lessons a day; null = no cap) and " +
          "teachesPublicHolidays (NSW public holidays are closed unless true); at least one. Scheduling " +
          "settings apply to bookings from now on. Lessons that no longer fit are reported in " +
          "affectedBookings, not cancelled.",
        security: [{ bearerAuth: [] }],
        body: instructorSettingsRequest,
        response: { 200: availabilityChangeResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => updateTeachingSettings(ctx, currentUserId(request), request.body),
  );
};
