import {
  adminClosureRequestsResponse,
  adminUsersQuery,
  adminUsersResponse,
  closureRequestCompleteResponse,
  errorResponses,
  idParams,
  reactivateUserRequest,
  reactivateUserResponse,
  suspendUserRequest,
  suspendUserResponse,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { completeAccountClosure } from "./complete-account-closure.ts";
import { listClosureRequests } from "./list-closure-requests.ts";
import { listUsers } from "./list-users.ts";
import { reactivateUser } from "./reactivate-user.ts";
import { suspendUser } from "./suspend-user.ts";

/** Accounts in the operator console (mounted at /api/admin), ADMIN only. */
export const accountAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // onRequest: the caller is checked before the query is validated (401/403 before any 400).
  app.addHook("onRequest", ctx.guard("ADMIN"));

  app.get(
    "/users",
    {
      schema: {
        tags: ["admin"],
        operationId: "listUsers",
        summary: "Search accounts",
        description:
          "Every account, newest first, a page at a time; search matches name, email or phone number " +
          "(by its digits, whatever the spaces or +61), role filters. Suspended accounts say since when and why.",
        security: [{ bearerAuth: [] }],
        querystring: adminUsersQuery,
        response: { 200: adminUsersResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => listUsers(ctx, request.query),
  );

  app.get(
    "/closure-requests",
    {
      schema: {
        tags: ["admin"],
        operationId: "listClosureRequests",
        summary: "Account closure requests",
        description: "Open requests first, then the latest completed ones.",
        security: [{ bearerAuth: [] }],
        response: { 200: adminClosureRequestsResponse, ...errorResponses(401, 403) },
      },
    },
    () => listClosureRequests(ctx),
  );

  app.post(
    "/closure-requests/:id/complete",
    {
      schema: {
        tags: ["admin"],
        operationId: "completeAccountClosure",
        summary: "Close an account as its owner asked",
        description:
          "Anonymises the account (name, email, phone, password, profile details, messages, logbook " +
          "declarations) and ends every session; payments, tax invoices and payouts stay, naming a former " +
          "learner or instructor. 409 when already done or when lessons or money are outstanding again.",
        security: [{ bearerAuth: [] }],
        params: idParams,
        response: { 200: closureRequestCompleteResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => completeAccountClosure(ctx, currentUserId(request), request.params.id),
  );

  app.post(
    "/users/:id/suspend",
    {
      schema: {
        tags: ["admin"],
        operationId: "suspendUser",
        summary: "Suspend an account",
        description:
          "The account can no longer sign in or refresh (403 account_suspended) and every session ends at " +
          "once; a suspended instructor is not listed, so has no search results, slots or new bookings. " +
          "Every SCHEDULED lesson still to come that the person takes or teaches is cancelled by ADMIN with a " +
          "full refund (or the bundle credit back), both parties emailed. Audited with the reason. 409 when " +
          "already suspended or when suspending yourself.",
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: suspendUserRequest,
        response: { 200: suspendUserResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => suspendUser(ctx, currentUserId(request), request.params.id, request.body.reason),
  );

  app.post(
    "/users/:id/reactivate",
    {
      schema: {
        tags: ["admin"],
        operationId: "reactivateUser",
        summary: "Reactivate a suspended account",
        description:
          "The account may sign in again (an instructor is listed again if verification and documents " +
          "allow). Nothing is restored: cancelled lessons stay cancelled. Audited with the reason; 409 " +
          "when the account is not suspended.",
        security: [{ bearerAuth: [] }],
        params: idParams,
        body: reactivateUserRequest,
        response: { 200: reactivateUserResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => reactivateUser(ctx, currentUserId(request), request.params.id, request.body.reason),
  );
};
