import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";

const healthResponse = z.object({
  status: z.enum(["ok", "degraded", "draining"]),
  db: z.enum(["ok", "down"]),
});

export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["health"],
        operationId: "getHealth",
        summary: "Check the API and its database",
        description:
          "Answers 200 while the database answers a query and 503 while it does not, or while this " +
          "replica is shutting down (status draining: a load balancer stops routing to it); needs no " +
          "session and is not rate limited.",
        response: {
          200: healthResponse.describe("The API and its database are up"),
          503: healthResponse.describe("The database does not answer, or the replica is shutting down"),
        },
      },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const dbUp = await ctx.database.ping();
      if (ctx.lifecycle.draining)
        return reply.status(503).send({ status: "draining", db: dbUp ? "ok" : "down" });
      return dbUp
        ? reply.send({ status: "ok", db: "ok" })
        : reply.status(503).send({ status: "degraded", db: "down" });
    },
  );
};
