import {
  adminBookingsQuery,
  adminBookingsResponse,
  adminCancelBookingRequest,
  adminCancelBookingResponse,
  adminInstructorResponse,
  adminInstructorsQuery,
  adminInstructorsResponse,
  adminPaymentsQuery,
  adminPaymentsResponse,
  adminRevenueResponse,
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
  const stateErrors = errorResponses(400, 401, 403, 404, 409);
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(
    "/users",
    {
      schema: {
        tags,
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
        security,
        params: idParams,
        body: instructorComplianceRequest,
        response: { 200: adminInstructorResponse, ...errors },
      },
    },
    (request) => admin.updateCompliance(me(request), request.params.id, request.body),
  );

  app.get(
    "/bookings",
    {
      schema: {
        tags,
        security,
        querystring: adminBookingsQuery,
        response: { 200: adminBookingsResponse, ...errors },
      },
    },
    (request) => admin.listBookings(request.query),
  );

  app.post(
    "/bookings/:id/cancel",
    {
      schema: {
        tags,
        security,
        params: idParams,
        // No body at all is fine: the reason is optional.
        body: adminCancelBookingRequest.nullish(),
        response: { 200: adminCancelBookingResponse, ...stateErrors },
      },
    },
    (request) => admin.cancelBooking(me(request), request.params.id, request.body ?? {}),
  );

  app.get(
    "/payments",
    {
      schema: {
        tags,
        security,
        querystring: adminPaymentsQuery,
        response: { 200: adminPaymentsResponse, ...errors },
      },
    },
    (request) => admin.listPayments(request.query),
  );

  app.get(
    "/revenue",
    { schema: { tags, security, response: { 200: adminRevenueResponse, ...errors } } },
    () => admin.getRevenue(),
  );

  app.get(
    "/audit-log",
    {
      schema: { tags, security, querystring: auditLogQuery, response: { 200: auditLogResponse, ...errors } },
    },
    (request) => admin.listAuditLog(request.query),
  );
};
