import { errorResponses, openInvoiceRequest, openInvoiceResponse } from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUserId } from "../../plugins/auth.ts";
import { openInvoice } from "./invoice-screen.ts";

/** The student's invoice screen (mounted at /api/student): its number exists before anything is paid. */
export const invoiceRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.post(
    "/invoices",
    {
      schema: {
        tags: ["payments"],
        operationId: "openInvoice",
        summary: "Number the invoice the student is about to pay",
        description:
          "Issues the invoice number shown on the invoice screen, with the supplier and ABN that the tax " +
          "invoice carries. Nothing is held or charged: paying (batch or bundle) with the returned " +
          "`invoice` puts this number on the payment; an unused number is simply never paid. Opening the " +
          "screen again for the same checkout sends the `invoice` it showed: the same number comes back " +
          "while it is still the student's and no payment has it (otherwise a new one).",
        security: [{ bearerAuth: [] }],
        body: openInvoiceRequest.nullish(),
        response: { 200: openInvoiceResponse, ...errorResponses(400, 401, 403) },
      },
      onRequest: ctx.guard("STUDENT"),
    },
    (request) => openInvoice(ctx, currentUserId(request), request.body?.invoice),
  );
};
