import { errorResponses } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { renderCalendarFeed } from "./render-calendar-feed.ts";

const feedParams = z.object({ token: z.string() });

/** Public iCal feeds (mounted at /api/calendar), authorised by each instructor's secret token. */
export const calendarRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    "/:token.ics",
    {
      schema: {
        tags: ["calendar"],
        operationId: "getCalendarFeed",
        summary: "An instructor's scheduled lessons as an iCalendar (RFC 5545) feed",
        description:
          "For calendar apps to subscribe to: no session, the secret token in the URL is the authority " +
          "(the instructor can rotate or revoke it). An unknown or revoked token is 404; a path with a " +
          "broken %-escape is 400.",
        params: feedParams,
        response: {
          // A string body with a non-JSON content type is sent as it is, never serialised as JSON.
          200: { description: "The feed", content: { "text/calendar": { schema: z.string() } } },
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const body = await renderCalendarFeed(ctx, request.params.token);
      return reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "private, no-cache")
        .header("content-disposition", 'inline; filename="kerb-lessons.ics"')
        .send(body);
    },
  );
};
