import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";

const healthResponse = z.object({ status: z.enum(["ok", "degraded"]), db: z.enum(["ok", "down"]) });

export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    "/health",
    {
      schema: { tags: ["health"], response: { 200: healthResponse, 503: healthResponse } },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const dbUp = await ctx.database.ping();
      return dbUp
        ? reply.send({ status: "ok", db: "ok" })
        : reply.status(503).send({ status: "degraded", db: "down" });
    },
  );
};
