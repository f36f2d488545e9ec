import {
  cancellationPreviewResponse,
  cancelStudentBookingResponse,
  errorResponses,
  idParams,
  rescheduleRequest,
  rescheduleResponse,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { createStudentLessonService } from "./student-lessons.service.ts";

const errors = errorResponses(400, 401, 403, 404, 409);

/** Under /api/student/bookings: the student's own lesson after the purchase. */
export const studentLessonRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const lessons = createStudentLessonService(ctx);
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["bookings"], security: [{ bearerAuth: [] }], params: idParams };

  app.get(
    "/:id/cancellation",
    { schema: { ...common, response: { 200: cancellationPreviewResponse, ...errors } } },
    (request) => lessons.previewCancellation(currentUser(request).id, request.params.id),
  );

  app.post(
    "/:id/cancel",
    { schema: { ...common, response: { 200: cancelStudentBookingResponse, ...errors } } },
    (request) => lessons.cancel(currentUser(request).id, request.params.id),
  );

  app.post(
    "/:id/reschedule",
    { schema: { ...common, body: rescheduleRequest, response: { 200: rescheduleResponse, ...errors } } },
    (request) => lessons.reschedule(currentUser(request).id, request.params.id, request.body),
  );
};
