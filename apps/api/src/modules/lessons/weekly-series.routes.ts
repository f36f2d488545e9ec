import {
  cancelSeriesResponse,
  errorResponses,
  idempotencyKeyHeaders,
  idParams,
  seriesCancellationPreviewResponse,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { IDEMPOTENCY_ERRORS, idempotent } from "../../plugins/idempotency.ts";
import { cancelOwnSeries, previewOwnSeriesCancellation } from "./own-series-cancellation.ts";

const errors = errorResponses(400, 401, 403, 404, 409);

/** Under /api/student/weekly-series: the learner cancels what is left of a weekly series (booking it is checkout's). */
export const studentSeriesLessonRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["bookings"], security: [{ bearerAuth: [] }], params: idParams };

  app.get(
    "/:id/cancellation",
    {
      schema: {
        ...common,
        operationId: "getWeeklySeriesCancellationPreview",
        summary: "What cancelling the rest of a weekly series would refund",
        description:
          "Every lesson of the series still to come, with what cancelling it now gives back under the " +
          "normal tiers, the total and a sentence for the confirm dialog; nothing is changed.",
        response: { 200: seriesCancellationPreviewResponse, ...errors },
      },
    },
    (request) => previewOwnSeriesCancellation(ctx, currentUserId(request), request.params.id),
  );

  app.post(
    "/:id/cancel",
    {
      schema: {
        ...common,
        operationId: "cancelWeeklySeries",
        summary: "Cancel all future lessons of a weekly series",
        description:
          "Cancels every scheduled lesson of the series that has not started, each under the normal " +
          "cancellation tiers (card refunds queued, bundle credits returned), in one transaction. Asking " +
          "again cancels nothing more and answers an empty list. Someone else's series is 404.",
        headers: idempotencyKeyHeaders,
        response: { 200: cancelSeriesResponse, ...errors, ...IDEMPOTENCY_ERRORS },
      },
      ...idempotent(ctx),
    },
    (request) => cancelOwnSeries(ctx, currentUserId(request), request.params.id),
  );
};
