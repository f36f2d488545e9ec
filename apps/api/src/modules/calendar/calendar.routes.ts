import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";

/** Public iCal feeds (mounted at /api/calendar), authorised by each instructor's secret token. */
export const calendarRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
