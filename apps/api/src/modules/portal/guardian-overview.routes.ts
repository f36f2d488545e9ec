import {
  errorResponses,
  guardianLearnerOverview,
  learnerParams,
  studentLogbookResponse,
  studentProgressResponse,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { attachmentDisposition, pdfResponse } from "../../lib/pdf-response.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { findFollowedLearner } from "../guardians/index.ts";
import { getLogbook, getProgress, logbookPdf } from "../learning/index.ts";
import { getGuardianOverview } from "./guardian-overview.ts";

/** What a guardian sees of a learner they follow (mounted at /api/guardian), GUARDIAN only. */
export const guardianOverviewRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("GUARDIAN"));
  const common = { tags: ["guardians"], security: [{ bearerAuth: [] }] };
  const errors = errorResponses(400, 401, 403, 404);

  app.get(
    "/learners/:learnerId",
    {
      schema: {
        ...common,
        operationId: "getGuardianLearner",
        summary: "A learner's lessons, bundles and payments",
        description:
          "Upcoming lessons, bundles with credits left, driving-test package credits ready to spend, payments " +
          "(with the checkouts still waiting to be paid) and their instructors. A learner you do not follow (any more) is 404.",
        params: learnerParams,
        response: { 200: guardianLearnerOverview, ...errors },
      },
    },
    (request) => getGuardianOverview(ctx, currentUserId(request), request.params.learnerId),
  );

  app.get(
    "/learners/:learnerId/progress",
    {
      schema: {
        ...common,
        operationId: "getGuardianLearnerProgress",
        summary: "A learner's progress",
        description: "What the learner sees on their progress page. A learner you do not follow is 404.",
        params: learnerParams,
        response: { 200: studentProgressResponse, ...errors },
      },
    },
    async (request) => {
      const learner = await findFollowedLearner(ctx.db, currentUserId(request), request.params.learnerId);
      return getProgress(ctx, learner.id);
    },
  );

  app.get(
    "/learners/:learnerId/logbook",
    {
      schema: {
        ...common,
        operationId: "getGuardianLearnerLogbook",
        summary: "A learner's NSW logbook hours",
        description: "What the learner sees of their logbook. A learner you do not follow is 404.",
        params: learnerParams,
        response: { 200: studentLogbookResponse, ...errors },
      },
    },
    async (request) => {
      const learner = await findFollowedLearner(ctx.db, currentUserId(request), request.params.learnerId);
      return getLogbook(ctx, learner.id);
    },
  );

  app.get(
    "/learners/:learnerId/logbook.pdf",
    {
      preHandler: ctx.documentLimit,
      schema: {
        ...common,
        operationId: "downloadGuardianLearnerLogbookPdf",
        summary: "Download a learner's logbook record (PDF)",
        description: "The learner's structured lessons to copy into the NSW logbook. Not followed: 404.",
        params: learnerParams,
        response: { 200: pdfResponse("The logbook record"), ...errors, ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      const learner = await findFollowedLearner(ctx.db, currentUserId(request), request.params.learnerId);
      const { filename, pdf, contentHash } = await logbookPdf(ctx, learner.id);
      return reply
        .type("application/pdf")
        .header("content-disposition", attachmentDisposition(filename))
        .header("etag", `"${contentHash}"`)
        .send(pdf);
    },
  );
};
