import {
  availabilityChangeResponse,
  errorResponses,
  instructorDashboardResponse,
  instructorProfileResponse,
  instructorSettingsRequest,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { createInstructorService } from "./instructors.service.ts";

/**
 * The instructor's profile, settings and dashboard (mounted at /api/instructor), INSTRUCTOR only. The
 * portal's other routes live with their domains under the same prefix: lessons, availability (hours
 * and overrides), payouts (earnings, payouts), calendar (the feed URL) and accounts (editable details).
 */
export const instructorRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const instructors = createInstructorService(ctx);
  // onRequest, not preHandler: the caller is checked before the body is even parsed or validated,
  // so an anonymous or wrong-role request gets 401/403, never a 400 about its payload.
  app.addHook("onRequest", ctx.guard("INSTRUCTOR"));

  const tags = ["instructor"];
  const security = [{ bearerAuth: [] }];
  const errors = errorResponses(400, 401, 403, 404);
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

  app.patch(
    "/settings",
    {
      schema: {
        tags,
        operationId: "updateInstructorSettings",
        summary: "Change suburbs, pool opt-in, rate or scheduling settings",
        description:
          "Any subset of poolOptIn, suburbs, standardRate, travelBufferMinutes (minutes kept free between " +
          "lessons on top of the drive between suburbs), minNoticeHours (how long before a lesson it can " +
          "still be booked), dailyLessonCap (the most lessons a day; null = no cap) and " +
          "teachesPublicHolidays (NSW public holidays are closed unless true); at least one. Scheduling " +
          "settings apply to bookings from now on. Lessons that no longer fit are reported in " +
          "affectedBookings, not cancelled.",
        security,
        body: instructorSettingsRequest,
        response: { 200: availabilityChangeResponse, ...errors },
      },
    },
    (request) => instructors.updateSettings(me(request), request.body),
  );
};
