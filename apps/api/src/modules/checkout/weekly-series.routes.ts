import {
  bookWeeklySeriesRequest,
  bookWeeklySeriesResponse,
  errorResponses,
  idempotencyKeyHeaders,
  weeklySeriesPreviewResponse,
  weeklySeriesRequest,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { IDEMPOTENCY_ERRORS, idempotent } from "../../plugins/idempotency.ts";
import { bookWeeklySeries } from "./book-weekly-series.ts";
import { previewWeeklySeries } from "./preview-weekly-series.ts";

const errors = errorResponses(400, 401, 403, 404, 409);

/** Under /api/student/weekly-series: the learner previews and books a weekly lesson (issue 34). */
export const weeklySeriesCheckoutRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["bookings"], security: [{ bearerAuth: [] }] };

  app.post(
    "/preview",
    {
      schema: {
        ...common,
        operationId: "previewWeeklySeries",
        summary: "Plan a weekly lesson before paying",
        description:
          "The same weekday and Sydney time with one instructor for 2–12 weeks: each week available with " +
          "its price, or unavailable with a reason (public holiday, leave, taken, notice, daily cap, hours…) " +
          "and the instructor's nearest other free times that week; with the total incl. GST of the " +
          "available weeks. Nothing is held.",
        body: weeklySeriesRequest,
        response: { 200: weeklySeriesPreviewResponse, ...errors },
      },
    },
    (request) => previewWeeklySeries(ctx, currentUserId(request), request.body),
  );

  app.post(
    "/",
    {
      schema: {
        ...common,
        operationId: "bookWeeklySeries",
        summary: "Hold a weekly lesson's weeks and start paying for them",
        description:
          "Books the weeks kept or moved (skipped ones are left out) as one checkout: every week is planned " +
          "again, held at once (all or nothing) and paid in one payment with an invoice line per lesson. A " +
          "price other than the one shown is 400 amount_mismatch, a week taken meanwhile 409 " +
          "slot_unavailable. Confirm the payment as for any booking (confirmBookingBatch).",
        headers: idempotencyKeyHeaders,
        body: bookWeeklySeriesRequest,
        response: { 201: bookWeeklySeriesResponse, ...errors, ...errorResponses(429), ...IDEMPOTENCY_ERRORS },
      },
      ...idempotent(ctx),
    },
    async (request, reply) =>
      reply.status(201).send(await bookWeeklySeries(ctx, currentUserId(request), request.body)),
  );
};
