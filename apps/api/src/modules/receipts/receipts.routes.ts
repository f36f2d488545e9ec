import {
  errorResponses,
  guardianPaymentsResponse,
  idParams,
  learnerPaymentParams,
  studentPaymentsResponse,
} from "@kerb/shared";
import { learnerCaller } from "@kerb/shared/rules";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { pdfResponse } from "../../lib/pdf-response.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { listGuardianPayments, listStudentPayments } from "./list-student-payments.ts";
import { taxInvoicePdf } from "./tax-invoice.ts";

/** /api/student/payments: the student's payments and their PDF tax invoices. */
export const receiptRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["receipts"], security: [{ bearerAuth: [] }] };

  app.get(
    "/",
    {
      schema: {
        ...common,
        operationId: "listStudentPayments",
        summary: "The student's payments",
        description:
          "Every payment of the signed-in student, newest first, with its invoice number, amounts " +
          "(GST included) and any refunds.",
        response: { 200: studentPaymentsResponse, ...errorResponses(401, 403) },
      },
    },
    (request) => listStudentPayments(ctx, currentUserId(request)),
  );

  app.get(
    "/:id/invoice.pdf",
    {
      preHandler: ctx.documentLimit,
      schema: {
        ...common,
        operationId: "downloadTaxInvoice",
        summary: "Download a payment's tax invoice (PDF)",
        description:
          "The payment's tax invoice as an application/pdf attachment, with an adjustment note for each refund. " +
          "Errors are JSON as everywhere else; an unpaid payment has no invoice (409).",
        params: idParams,
        response: {
          // A Buffer is sent as it is: Fastify never runs it through the response serializer. z.any()
          // lets the handler send one; the meta is what the document shows.
          200: {
            description: "The tax invoice",
            content: { "application/pdf": { schema: z.any().meta({ type: "string", format: "binary" }) } },
          },
          ...errorResponses(400, 401, 403, 404, 409, 503),
        },
      },
    },
    async (request, reply) => {
      const { filename, pdf, contentHash } = await taxInvoicePdf(
        ctx,
        request.params.id,
        learnerCaller(currentUserId(request)),
      );
      // The issued document's hash: the same bytes every time it is sent.
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("etag", `"${contentHash}"`)
        .send(pdf);
    },
  );
};

/** The tax invoices of payments a guardian made for a learner they follow (mounted at /api/guardian). */
export const guardianReceiptRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("GUARDIAN"));
  const common = { tags: ["guardians"], security: [{ bearerAuth: [] }] };

  app.get(
    "/payments",
    {
      schema: {
        ...common,
        operationId: "listGuardianPayments",
        summary: "The payments you made",
        description:
          "What you paid for, for each learner, newest first, with refunds and your tax invoice links. " +
          "Kept when a learner removes you: they are your receipts.",
        response: { 200: guardianPaymentsResponse, ...errorResponses(401, 403) },
      },
    },
    (request) => listGuardianPayments(ctx, currentUserId(request)),
  );

  app.get(
    "/learners/:learnerId/payments/:paymentId/invoice.pdf",
    {
      preHandler: ctx.documentLimit,
      schema: {
        ...common,
        operationId: "downloadGuardianInvoice",
        summary: "Download the tax invoice of a payment you made",
        description:
          "Only for payments you paid (also once the learner removed you); another payment is 404. An " +
          "unpaid one has no invoice (409).",
        params: learnerPaymentParams,
        response: { 200: pdfResponse("The tax invoice"), ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const { learnerId, paymentId } = request.params;
      const caller = { userId: currentUserId(request) };
      const { filename, pdf: body, contentHash } = await taxInvoicePdf(ctx, paymentId, caller, learnerId);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("etag", `"${contentHash}"`)
        .send(body);
    },
  );
};
