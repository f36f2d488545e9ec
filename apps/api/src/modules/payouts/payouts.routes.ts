import {
  acceptRctiAgreementRequest,
  adminGstRegistration,
  adminPayoutResponse,
  adminPayoutsQuery,
  adminPayoutsResponse,
  checkGstRegistrationRequest,
  connectPayoutAccountResponse,
  errorResponses,
  idParams,
  instructorEarningsResponse,
  instructorPayoutsResponse,
  payoutDetails,
  payoutReadinessResponse,
  payoutRunResponse,
  rctiAgreementResponse,
  rotateCalendarTokenRequest,
  updatePayoutDetailsRequest,
} from "@kerb/shared";
import { PLATFORM_FEE_PERCENT } from "@kerb/shared/words";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { acceptRctiAgreement } from "./accept-rcti-agreement.ts";
import { connectPayoutAccount } from "./connect-payout-account.ts";
import { downloadPayoutStatementCsv } from "./download-payout-statement-csv.ts";
import { downloadPayoutStatementPdf } from "./download-payout-statement-pdf.ts";
import { getInstructorEarnings } from "./get-instructor-earnings.ts";
import { getPayoutDetails } from "./get-payout-details.ts";
import { getRctiAgreement } from "./get-rcti-agreement.ts";
import { listInstructorPayouts } from "./list-instructor-payouts.ts";
import { listPayouts } from "./list-payouts.ts";
import { checkGstRegistration, getPayoutReadiness } from "./payout-readiness.ts";
import { retryPayout } from "./retry-payout.ts";
import { runPayoutsNow } from "./run-payouts-now.ts";
import { updatePayoutDetails } from "./update-payout-details.ts";

/** A POST that takes no body: none, or `{}`. */
const noBody = rotateCalendarTokenRequest.nullish();

/**
 * /api/instructor/earnings, /api/instructor/payouts… and /api/instructor/payout-details, INSTRUCTOR only:
 * what the instructor has earned per month, their own payouts and statements (another instructor's
 * payout is 404), payout details and Stripe onboarding.
 */
export const instructorPayoutRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("INSTRUCTOR"));
  const common = { tags: ["payouts"], security: [{ bearerAuth: [] }] };

  app.get(
    "/earnings",
    {
      schema: {
        // Under the instructor tag, where the contract has always listed it.
        tags: ["instructor"],
        security: common.security,
        operationId: "getInstructorEarnings",
        summary: "Earnings per month",
        description: "Completed lessons per Sydney month of the lesson start, newest first, and the totals.",
        response: { 200: instructorEarningsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => getInstructorEarnings(ctx, currentUserId(request)),
  );

  app.get(
    "/payouts",
    {
      schema: {
        ...common,
        operationId: "listInstructorPayouts",
        summary: "The instructor's payouts",
        description:
          `The signed-in instructor's payouts, newest week first: period, lessons, gross, the ${PLATFORM_FEE_PERCENT} fee, net ` +
          "(dollars) and status, with statement download paths; also the payout details (ABN, GST, Stripe " +
          "account) and what is earned but not yet in a payout.",
        response: { 200: instructorPayoutsResponse, ...errorResponses(401, 403) },
      },
    },
    (request) => listInstructorPayouts(ctx, currentUserId(request)),
  );

  app.get(
    "/payouts/:id/statement.csv",
    {
      schema: {
        ...common,
        operationId: "downloadPayoutStatementCsv",
        summary: "Download a payout statement (CSV)",
        description:
          "One row per lesson (date, time, description, student, booking, gross, fee, net in dollars) and a " +
          "Total row equal to the payout to the cent. Only the payout's own instructor: otherwise 404.",
        params: idParams,
        response: {
          200: {
            description: "The statement as CSV",
            content: { "text/csv": { schema: z.any().meta({ type: "string" }) } },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await downloadPayoutStatementCsv(
        ctx,
        currentUserId(request),
        request.params.id,
      );
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(csv);
    },
  );

  app.get(
    "/payouts/:id/statement.pdf",
    {
      preHandler: ctx.documentLimit,
      schema: {
        ...common,
        operationId: "downloadPayoutStatementPdf",
        summary: "Download a payout statement (PDF)",
        description:
          "A recipient-created tax invoice style statement: Kerb's name and ABN, the instructor's name, ABN " +
          "and GST status, each lesson, gross, fee and net, dates DD/MM/YYYY. Only the payout's own " +
          "instructor: otherwise 404. A paid payout's statement is issued once: the same bytes (and ETag) " +
          "at every download.",
        params: idParams,
        response: {
          200: {
            description: "The statement as PDF",
            content: { "application/pdf": { schema: z.any().meta({ type: "string", format: "binary" }) } },
          },
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    async (request, reply) => {
      const { filename, pdf, contentHash } = await downloadPayoutStatementPdf(
        ctx,
        currentUserId(request),
        request.params.id,
      );
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("etag", `"${contentHash}"`)
        .send(pdf);
    },
  );

  app.post(
    "/payouts/connect",
    {
      schema: {
        ...common,
        operationId: "connectPayoutAccount",
        summary: "Start Stripe Connect onboarding",
        description:
          "Creates the instructor's Stripe Connect Express account if there is none (stored on the profile) " +
          "and answers a fresh onboarding link to open. Payouts are transferred to that account. In demo " +
          "mode (PAYMENT_PROVIDER=demo) there is nothing to connect: 409 invalid_state. Takes no body.",
        body: noBody,
        response: { 200: connectPayoutAccountResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => connectPayoutAccount(ctx, currentUserId(request)),
  );

  app.get(
    "/payout-details",
    {
      schema: {
        ...common,
        operationId: "getPayoutDetails",
        summary: "The instructor's payout details",
        description:
          "ABN and GST registration printed on statements, and whether a Stripe account is connected.",
        response: { 200: payoutDetails, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => getPayoutDetails(ctx, currentUserId(request)),
  );

  app.patch(
    "/payout-details",
    {
      schema: {
        ...common,
        operationId: "updatePayoutDetails",
        summary: "Record the instructor's ABN and GST status",
        description:
          "The ABN (11 digits, spaces allowed, checked with the ATO checksum; empty or null removes it; one " +
          "starting with 0 is refused) and whether the instructor is registered for GST, with the date the " +
          "registration took effect or ended (today if left out), as printed on payout statements (audited). " +
          "A change asks for the RCTI agreement to be accepted again.",
        body: updatePayoutDetailsRequest,
        response: { 200: payoutDetails, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => updatePayoutDetails(ctx, currentUserId(request), request.body),
  );

  app.get(
    "/rcti-agreement",
    {
      schema: {
        ...common,
        operationId: "getRctiAgreement",
        summary: "The recipient-created tax invoice agreement",
        description:
          "Kerb's RCTI agreement filled in with both parties, its version and whether the instructor has " +
          "accepted it: no RCTI is issued, and no payout made, without a current acceptance.",
        response: { 200: rctiAgreementResponse, ...errorResponses(401, 403, 404) },
      },
    },
    (request) => getRctiAgreement(ctx, currentUserId(request)),
  );

  app.post(
    "/rcti-agreement/accept",
    {
      schema: {
        ...common,
        operationId: "acceptRctiAgreement",
        summary: "Accept the RCTI agreement",
        description:
          "Records (and audits) the acceptance of the version read. A version that is no longer current, or " +
          "one already accepted (also twice at once), is 409 conflict and changes nothing.",
        body: acceptRctiAgreementRequest,
        response: { 200: rctiAgreementResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => acceptRctiAgreement(ctx, currentUserId(request), request.body.version),
  );
};

/** /api/admin/payouts, ADMIN only: the payout run, payouts due, paid and failed, and retrying failures. */
export const adminPayoutRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("ADMIN"));
  const common = { tags: ["payouts"], security: [{ bearerAuth: [] }] };

  app.get(
    "/",
    {
      schema: {
        ...common,
        operationId: "listPayouts",
        summary: "Payouts due, paid and failed",
        description:
          "Every payout, FAILED first, then PENDING, then PAID (newest week first), optionally of one " +
          "status, a page at a time; the summary has the count and dollars per status and what " +
          "instructors have earned that no payout covers yet.",
        querystring: adminPayoutsQuery,
        response: { 200: adminPayoutsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => listPayouts(ctx, request.query),
  );

  app.post(
    "/run",
    {
      schema: {
        ...common,
        operationId: "runPayouts",
        summary: "Run the weekly payout",
        description:
          "Pays the Sydney week (Monday–Sunday) that ended last: one payout per instructor for every " +
          "completed or no-show lesson and kept late-cancellation value not yet paid out, then transfers " +
          "them (Stripe) or marks them paid (demo). Idempotent: running it again, or at the same time, " +
          "answers the same payouts and pays nothing twice. Instructors without a Stripe account keep " +
          "accruing. Audited. Takes no body.",
        body: noBody,
        response: { 200: payoutRunResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => runPayoutsNow(ctx, currentUserId(request)),
  );

  app.get(
    "/readiness",
    {
      schema: {
        ...common,
        operationId: "getPayoutReadiness",
        summary: "Before a payout run",
        description:
          "GST registrations not yet checked against the ABN Lookup, and instructors with earnings who have " +
          "not accepted the current RCTI agreement (a run passes them by).",
        response: { 200: payoutReadinessResponse, ...errorResponses(401, 403) },
      },
    },
    () => getPayoutReadiness(ctx),
  );

  app.post(
    "/gst-registrations/:id/check",
    {
      schema: {
        ...common,
        operationId: "checkGstRegistration",
        summary: "Mark a GST registration checked",
        description:
          "Records that the admin checked the registration against the ABN Lookup, with what was seen " +
          "(audited). Already checked: 409 conflict.",
        params: idParams,
        body: checkGstRegistrationRequest,
        response: { 200: adminGstRegistration, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => checkGstRegistration(ctx, request.params.id, currentUserId(request), request.body.note),
  );

  app.post(
    "/:id/retry",
    {
      schema: {
        ...common,
        operationId: "retryPayout",
        summary: "Retry a failed payout",
        description:
          "Sends a FAILED (or stuck PENDING) payout to the provider again now (audited); never a second " +
          "transfer for one payout. A paid payout is 409 invalid_state.",
        params: idParams,
        body: noBody,
        response: { 200: adminPayoutResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => retryPayout(ctx, request.params.id, currentUserId(request)),
  );
};
