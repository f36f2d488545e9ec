import {
  adminInstructorResponse,
  adminInstructorsQuery,
  adminInstructorsResponse,
  adminPaymentsQuery,
  adminPaymentsResponse,
  adminUsersQuery,
  adminUsersResponse,
  auditLogQuery,
  auditLogResponse,
  errorResponses,
  idParams,
  instructorComplianceRequest,
  rejectInstructorRequest,
  verifyInstructorRequest,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { createAdminService } from "./admin.service.ts";

/** Operator console API (mounted at /api/admin), ADMIN only. Every change is written to the audit log. */
export const adminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const admin = createAdminService(ctx);
  // onRequest: the caller is checked before the body is parsed or validated (401/403 before any 400).
  app.addHook("onRequest", ctx.guard("ADMIN"));

  const tags = ["admin"];
  const security = [{ bearerAuth: [] }];
  const errors = errorResponses(400, 401, 403, 404);
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(
    "/users",
    {
      schema: {
        tags,
        operationId: "listUsers",
        summary: "Search accounts",
        description:
          "Every account, newest first, a page at a time; search matches name or email, role filters.",
        security,
        querystring: adminUsersQuery,
        response: { 200: adminUsersResponse, ...errors },
      },
    },
    (request) => admin.listUsers(request.query),
  );

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
    (request) => admin.listInstructors(request.query),
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
    (request) => admin.verifyInstructor(me(request), request.params.id, request.body),
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
    (request) => admin.rejectInstructor(me(request), request.params.id, request.body),
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
    (request) => admin.updateCompliance(me(request), request.params.id, request.body),
  );

  app.get(
    "/payments",
    {
      schema: {
        tags,
        operationId: "listAdminPayments",
        summary: "Search payments",
        description: "Every payment, newest first, a page at a time, optionally of one status or provider.",
        security,
        querystring: adminPaymentsQuery,
        response: { 200: adminPaymentsResponse, ...errors },
      },
    },
    (request) => admin.listPayments(request.query),
  );

  app.get(
    "/audit-log",
    {
      schema: {
        tags,
        operationId: "listAuditLog",
        summary: "Search the audit log",
        description:
          "Who changed what and when, newest first, a page at a time. actor matches an email or name, " +
          "action an exact action (booking.cancel) or a family ending in a dot (booking.), from/to are " +
          "inclusive Sydney dates.",
        security,
        querystring: auditLogQuery,
        response: { 200: auditLogResponse, ...errors },
      },
    },
    (request) => admin.listAuditLog(request.query),
  );
};
