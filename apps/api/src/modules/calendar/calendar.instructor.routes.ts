import {
  calendarTokenResponse,
  calendarTokenStatusResponse,
  errorResponses,
  okResponse,
  rotateCalendarTokenRequest,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { getCalendarFeedStatus } from "./get-calendar-feed-status.ts";
import { revokeCalendarFeed } from "./revoke-calendar-feed.ts";
import { rotateCalendarFeed } from "./rotate-calendar-feed.ts";

/** The instructor's own calendar feed URL (mounted at /api/instructor), INSTRUCTOR only. */
export const instructorCalendarRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // onRequest: the caller is checked before the body is parsed or validated (401/403 before any 400).
  app.addHook("onRequest", ctx.guard("INSTRUCTOR"));

  const tags = ["instructor"];
  const security = [{ bearerAuth: [] }];
  const errors = errorResponses(400, 401, 403, 404);

  app.get(
    "/calendar-token",
    {
      schema: {
        tags,
        operationId: "getCalendarToken",
        summary: "Whether the instructor's calendar feed is on",
        description:
          "active: true when an iCalendar feed URL exists. The URL itself is given only by POST, once: " +
          "Kerb stores a hash of its secret, so a lost URL is replaced, not shown again.",
        security,
        response: { 200: calendarTokenStatusResponse, ...errors },
      },
    },
    (request) => getCalendarFeedStatus(ctx, currentUserId(request)),
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
    (request) => rotateCalendarFeed(ctx, currentUserId(request)),
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
    (request) => revokeCalendarFeed(ctx, currentUserId(request)),
  );
};
