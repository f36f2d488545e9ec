import { errorResponse } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { createCalendarService } from "./calendar.service.ts";

const feedParams = z.object({ token: z.string() });

/** Public iCal feeds (mounted at /api/calendar), authorised by each instructor's secret token. */
export const calendarRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const calendar = createCalendarService(ctx);

  app.get(
    "/:token.ics",
    {
      schema: {
        tags: ["calendar"],
        summary: "An instructor's scheduled lessons as an iCalendar (RFC 5545) feed",
        params: feedParams,
        // A string body with a non-JSON content type is sent as it is, never serialised as JSON.
        response: { 200: z.string().describe("text/calendar"), 404: errorResponse },
      },
    },
    async (request, reply) => {
      const body = await calendar.renderFeed(request.params.token);
      return reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "private, no-cache")
        .header("content-disposition", 'inline; filename="kerb-lessons.ics"')
        .send(body);
    },
  );
};
