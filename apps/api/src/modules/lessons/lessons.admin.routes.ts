import {
  adminBookingsQuery,
  adminBookingsResponse,
  adminCancelBookingRequest,
  adminCancelBookingResponse,
  decideHeldLessonRequest,
  decideHeldLessonResponse,
  errorResponses,
  heldLessonsQuery,
  heldLessonsResponse,
  idParams,
  resolveNoShowDisputeRequest,
  resolveNoShowDisputeResponse,
  staffCancellationPreviewResponse,
} from "@kerb/shared";
import { NO_SHOW_DISPUTE_WINDOW } from "@kerb/shared/words";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { cancelLessonAsAdmin } from "./cancel-lesson-as-admin.ts";
import { cancellationPreviewDocs } from "./cancellation-preview-docs.ts";
import { decideHeldLesson } from "./decide-held-lesson.ts";
import { listHeldLessons } from "./list-held-lessons.ts";
import { moveProposalSchema, withdrawMoveProposalSchema } from "./move-proposal-docs.ts";
import { previewAdminCancellation } from "./preview-admin-cancellation.ts";
import { proposeLessonMove } from "./propose-lesson-move.ts";
import { resolveNoShowDispute } from "./resolve-no-show-dispute.ts";
import { searchLessons } from "./search-lessons.ts";
import { withdrawMoveProposal } from "./withdraw-move-proposal.ts";

/** The operator console's lessons (mounted at /api/admin), ADMIN only. Every change is audited. */
export const adminLessonRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // onRequest: the caller is checked before the body is parsed or validated (401/403 before any 400).
  app.addHook("onRequest", ctx.guard("ADMIN"));

  const tags = ["admin"];
  const security = [{ bearerAuth: [] }];
  const errors = errorResponses(400, 401, 403, 404);
  const stateErrors = errorResponses(400, 401, 403, 404, 409);

  app.get(
    "/bookings",
    {
      schema: {
        tags,
        operationId: "listAdminBookings",
        summary: "Search lessons",
        description:
          "Every lesson, latest start first, a page at a time, filtered by the query (from/to are " +
          "inclusive Sydney dates of the lesson start).",
        security,
        querystring: adminBookingsQuery,
        response: { 200: adminBookingsResponse, ...errors },
      },
    },
    (request) => searchLessons(ctx, request.query),
  );

  app.get(
    "/bookings/:id/cancellation",
    {
      schema: {
        tags,
        operationId: "getAdminCancellationPreview",
        ...cancellationPreviewDocs,
        security,
        params: idParams,
        response: { 200: staffCancellationPreviewResponse, ...stateErrors },
      },
    },
    (request) => previewAdminCancellation(ctx, request.params.id),
  );

  app.post(
    "/bookings/:id/cancel",
    {
      schema: {
        tags,
        operationId: "cancelAdminBooking",
        summary: "Cancel any lesson",
        description:
          "Cancels a scheduled lesson with a full refund (card refund queued, or the bundle credit " +
          "returned); the reason is optional (audited). A lesson that is not scheduled is 409.",
        security,
        params: idParams,
        // No body at all is fine: the reason is optional.
        body: adminCancelBookingRequest.nullish(),
        response: { 200: adminCancelBookingResponse, ...stateErrors },
      },
    },
    (request) => cancelLessonAsAdmin(ctx, currentUserId(request), request.params.id, request.body ?? {}),
  );

  app.get(
    "/held-lessons",
    {
      schema: {
        tags,
        operationId: "listHeldLessons",
        summary: "Lessons taught while their instructor could not teach",
        description:
          "Lessons that started while their instructor was suspended, rejected or delisted, or had a lapsed " +
          "licence or Working-With-Children check, and that an admin has not decided yet, oldest first. " +
          "They are in no payout and their instructor is not asked to mark them until decided.",
        security,
        querystring: heldLessonsQuery,
        response: { 200: heldLessonsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => listHeldLessons(ctx, request.query),
  );

  app.post(
    "/held-lessons/:id/decision",
    {
      schema: {
        tags,
        operationId: "decideHeldLesson",
        summary: "Pay or refund a held lesson",
        description:
          "PAY lifts the hold: the lesson is paid by the next payout run once marked. REFUND gives the " +
          "student the lesson's value back (card with GST, or the credit to its bundle), reverses the " +
          "instructor's earning in the ledger if it was marked, cancels the lesson and emails the student. " +
          "Once per lesson, with a note (audited); a lesson not held is 409 invalid_state.",
        security,
        params: idParams,
        body: decideHeldLessonRequest,
        response: { 200: decideHeldLessonResponse, ...stateErrors },
      },
    },
    (request) => decideHeldLesson(ctx, currentUserId(request), request.params.id, request.body),
  );

  app.post(
    "/bookings/:id/no-show-dispute",
    {
      schema: {
        tags,
        operationId: "resolveNoShowDispute",
        summary: "Settle a student's no-show dispute",
        description:
          `For a lesson marked a no-show, within the dispute window (${NO_SHOW_DISPUTE_WINDOW} after it ended), once. KEEP: ` +
          "nothing changes (audited with the note). REFUND: the instructor's earning is reversed in the " +
          "ledger and the student gets the lesson's value back (its price plus GST to the card, exact to " +
          "the cent on the payment's running total, or the credit to its bundle). A lesson the " +
          "instructor was already paid out for cannot be refunded here (409 invalid_state says so), nor " +
          "can one outside the window, settled before, or not a no-show.",
        security,
        params: idParams,
        body: resolveNoShowDisputeRequest,
        response: { 200: resolveNoShowDisputeResponse, ...stateErrors },
      },
    },
    (request) => resolveNoShowDispute(ctx, currentUserId(request), request.params.id, request.body),
  );

  app.post(
    "/bookings/:id/move-proposals",
    {
      schema: { tags, security, ...moveProposalSchema("admin") },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await proposeLessonMove(
            ctx,
            { id: currentUserId(request), role: "ADMIN" },
            request.params.id,
            request.body,
          ),
        ),
  );

  app.post(
    "/move-proposals/:id/withdraw",
    { schema: { tags, security, ...withdrawMoveProposalSchema("admin") } },
    (request) => withdrawMoveProposal(ctx, { id: currentUserId(request), role: "ADMIN" }, request.params.id),
  );
};
