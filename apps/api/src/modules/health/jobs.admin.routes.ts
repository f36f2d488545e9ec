import { adminJobsResponse, errorResponses } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { listJobs } from "./jobs.service.ts";

/** /api/admin/jobs: the background jobs, how their last runs went and what their queues hold (ADMIN only). */
export const jobsAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("ADMIN"));

  app.get(
    "/",
    {
      schema: {
        tags: ["admin"],
        security: [{ bearerAuth: [] }],
        operationId: "listJobs",
        summary: "Background jobs",
        description:
          "Every scheduled job with its interval on this server (0 when switched off), its last run " +
          "(started, finished, outcome, error, last success, failures ever) whichever replica ran it, and " +
          "for the queue workers (outbox delivery, card refunds) the queue's depth, the entries failing and " +
          "those given up on.",
        response: { 200: adminJobsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ items: await listJobs(ctx) }),
  );
};
