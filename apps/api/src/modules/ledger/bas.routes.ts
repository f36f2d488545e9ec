import type { Readable } from "node:stream";
import { dateRangeQuery, EXPORT_KINDS, errorResponses, gstSummaryResponse } from "@kerb/shared";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { exportGstSummaryCsv } from "./export-gst-summary-csv.ts";
import { exportGstSummaryPdf } from "./export-gst-summary-pdf.ts";
import { exportRecordsCsv } from "./export-records-csv.ts";
import { getGstSummary } from "./get-gst-summary.ts";

const csvResponse = (description: string) => ({
  200: { description, content: { "text/csv": { schema: z.any().meta({ type: "string" }) } } },
  ...errorResponses(400, 401, 403, 503),
});

const sendCsv = (reply: FastifyReply, { filename, csv }: { filename: string; csv: string | Readable }) =>
  reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .send(csv);

const pdfResponse = (description: string) => ({
  200: {
    description,
    content: { "application/pdf": { schema: z.any().meta({ type: "string", format: "binary" }) } },
  },
  ...errorResponses(400, 401, 403, 503),
});

const RANGE =
  "`from` and `to` are Sydney dates (YYYY-MM-DD), both included, at most a year apart; a malformed or " +
  "misordered range is 400.";

/** /api/admin/gst-summary(.csv|.pdf) and /api/admin/exports/…csv: what an accountant lodges a BAS from (ADMIN only). */
export const basRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("ADMIN"));
  const common = { tags: ["admin"], security: [{ bearerAuth: [] }] };
  const summaryDescription =
    "The BAS figures for a date range, in dollars, read from the ledger as the monthly reconciliation is " +
    "(over whole months they are its figures): G1 total sales incl. GST (charged less refunded), 1A GST " +
    "on sales net of refunded GST, 1B GST credits on RCTIs to GST-registered instructors, and 1A − 1B. ";

  app.get(
    "/gst-summary",
    {
      schema: {
        ...common,
        operationId: "getGstSummary",
        summary: "GST summary (BAS)",
        description: summaryDescription + RANGE,
        querystring: dateRangeQuery,
        response: { 200: gstSummaryResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => getGstSummary(ctx, request.query.from, request.query.to),
  );

  app.get(
    "/gst-summary.csv",
    {
      schema: {
        ...common,
        operationId: "downloadGstSummaryCsv",
        summary: "Download the GST summary (CSV)",
        description: `${summaryDescription}A header row and one row of figures. ${RANGE}`,
        querystring: dateRangeQuery,
        response: csvResponse("The GST summary as CSV"),
      },
    },
    async (request, reply) =>
      sendCsv(reply, await exportGstSummaryCsv(ctx, request.query.from, request.query.to)),
  );

  app.get(
    "/gst-summary.pdf",
    {
      preHandler: ctx.documentLimit,
      schema: {
        ...common,
        operationId: "downloadGstSummaryPdf",
        summary: "Download the GST summary (PDF)",
        description:
          `${summaryDescription}One A4 page with Kerb's name and ABN, the period (DD/MM/YYYY) and the ` +
          `labels G1, 1A, 1B and the net in Australian dollars, to the cent. A calendar quarter that has ` +
          `ended in Sydney is issued once: its first download's bytes (and ETag) at every later one. ${RANGE}`,
        querystring: dateRangeQuery,
        response: pdfResponse("The GST summary as a PDF"),
      },
    },
    async (request, reply) => {
      const { filename, pdf, contentHash } = await exportGstSummaryPdf(
        ctx,
        request.query.from,
        request.query.to,
      );
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("etag", `"${contentHash}"`)
        .send(pdf);
    },
  );

  const exportDescriptions = {
    payments:
      "One row per payment taken in the range: date paid, invoice, type, student, amount ex GST, GST, " +
      "total, refunded, status, provider and its reference.",
    refunds:
      "One row per card refund decided in the range: date, refund, invoice, student, booking, amount ex " +
      "GST, GST, total, reason, status and the provider's reference.",
    payouts:
      "One row per payout made up in the range: date, statement number, instructor, ABN, GST status, " +
      "period, lessons, gross, fee, amount ex GST, GST, total, status, date paid and the provider's reference.",
  } as const;
  for (const kind of EXPORT_KINDS) {
    app.get(
      `/exports/${kind}.csv`,
      {
        schema: {
          ...common,
          operationId: `export${kind[0]?.toUpperCase()}${kind.slice(1)}Csv`,
          summary: `Export ${kind} (CSV)`,
          description: `${exportDescriptions[kind]} Amounts in dollars; cells that would run as a spreadsheet formula are neutralised. ${RANGE}`,
          querystring: dateRangeQuery,
          response: csvResponse(`The ${kind} as CSV`),
        },
      },
      async (request, reply) =>
        sendCsv(reply, await exportRecordsCsv(ctx, kind, request.query.from, request.query.to)),
    );
  }
};
