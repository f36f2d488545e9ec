import {
  adminInstructorResponse,
  adminInstructorsQuery,
  adminInstructorsResponse,
  complianceFollowUpQuery,
  complianceFollowUpResponse,
  errorResponses,
  idParams,
  instructorComplianceRequest,
  rejectInstructorRequest,
  verifyInstructorRequest,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { listAdminInstructors } from "./list-admin-instructors.ts";
import { listComplianceFollowUp } from "./list-compliance-follow-up.ts";
import { rejectInstructor } from "./reject-instructor.ts";
import { updateDocumentDates } from "./update-document-dates.ts";
import { verifyInstructor } from "./verify-instructor.ts";

/**
 * Compliance in the operator console (mounted at /api/admin), ADMIN only: verifying and rejecting
 * instructors, their document dates (every change audited), and the follow-up list of lessons whose
 * instructor may not teach.
 */
export const complianceAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // onRequest: the caller is checked before the body is parsed or validated (401/403 before any 400).
  app.addHook("onRequest", ctx.guard("ADMIN"));

  const tags = ["admin"];
  const security = [{ bearerAuth: [] }];
  const errors = errorResponses(400, 401, 403, 404);

  app.get(
    "/instructors",
    {
      schema: {
        tags,
        operationId: "listAdminInstructors",
        summary: "Instructors for verification and compliance",
        description:
          "Instructors with their verification status and document expiry dates, searchable and sortable " +
          "(applied, name, expiry, rate); flagged=true keeps those with a missing, past or soon-expiring " +
          "document.",
        security,
        querystring: adminInstructorsQuery,
        response: { 200: adminInstructorsResponse, ...errors },
      },
    },
    (request) => listAdminInstructors(ctx, request.query),
  );

  app.post(
    "/instructors/:id/verify",
    {
      schema: {
        tags,
        operationId: "verifyInstructor",
        summary: "Verify an instructor",
        description:
          "Lists the instructor to students. Both the licence and the Working-With-Children expiry dates " +
          "are required and must be in the future (audited).",
        security,
        params: idParams,
        body: verifyInstructorRequest,
        response: { 200: adminInstructorResponse, ...errors },
      },
    },
    (request) => verifyInstructor(ctx, currentUserId(request), request.params.id, request.body),
  );

  app.post(
    "/instructors/:id/reject",
    {
      schema: {
        tags,
        operationId: "rejectInstructor",
        summary: "Reject or delist an instructor",
        description: "The instructor is no longer listed to students; the reason is recorded (audited).",
        security,
        params: idParams,
        body: rejectInstructorRequest,
        response: { 200: adminInstructorResponse, ...errors },
      },
    },
    (request) => rejectInstructor(ctx, currentUserId(request), request.params.id, request.body),
  );

  app.patch(
    "/instructors/:id/compliance",
    {
      schema: {
        tags,
        operationId: "updateInstructorCompliance",
        summary: "Record document expiry dates",
        description:
          "Sets or clears (null) the licence and Working-With-Children expiry dates; at least one field " +
          "(audited).",
        security,
        params: idParams,
        body: instructorComplianceRequest,
        response: { 200: adminInstructorResponse, ...errors },
      },
    },
    (request) => updateDocumentDates(ctx, currentUserId(request), request.params.id, request.body),
  );

  app.get(
    "/compliance/follow-up",
    {
      schema: {
        tags,
        operationId: "listComplianceFollowUp",
        summary: "Lessons whose instructor may not teach",
        description:
          "Scheduled lessons still to come whose instructor is not listable today (delisted, waiting for " +
          "verification, or a licence or Working-With-Children expiry missing or past), soonest first, with " +
          "the reasons and when the student was emailed. Cancel them from the bookings API for a full refund.",
        security,
        querystring: complianceFollowUpQuery,
        response: { 200: complianceFollowUpResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => listComplianceFollowUp(ctx, request.query),
  );
};
