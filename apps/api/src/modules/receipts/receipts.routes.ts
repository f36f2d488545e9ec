import { errorResponses, idParams, studentPaymentsResponse } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { createReceiptService } from "./receipts.service.ts";

/** /api/student/payments: the student's payments and their PDF tax invoices. */
export const receiptRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const receipts = createReceiptService(ctx);
  app.addHook("onRequest", ctx.guard("STUDENT"));
  const common = { tags: ["student"], security: [{ bearerAuth: [] }] };

  app.get(
    "/",
    { schema: { ...common, response: { 200: studentPaymentsResponse, ...errorResponses(401, 403) } } },
    (request) => receipts.list(currentUser(request).id),
  );

  app.get(
    "/:id/invoice.pdf",
    {
      schema: {
        ...common,
        description: "The payment's tax invoice as application/pdf (an attachment), with any credit notes.",
        params: idParams,
        produces: ["application/pdf", "application/json"],
        // A Buffer is sent as it is: Fastify never runs it through the response serializer.
        response: { 200: z.any().describe("The PDF file"), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await receipts.invoicePdf(currentUser(request).id, request.params.id);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(pdf);
    },
  );
};
