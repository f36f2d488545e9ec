import {
  adminRevenueResponse,
  errorResponses,
  ledgerBalanceResponse,
  reconciliationQuery,
  reconciliationResponse,
} from "@kerb/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { getLedgerBalance } from "./get-ledger-balance.ts";
import { getReconciliation } from "./get-reconciliation.ts";
import { getRevenue } from "./get-revenue.ts";

/** /api/admin/ledger/balance, /reconciliation and /revenue: the ledger, read by operators (ADMIN only). */
export const ledgerRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook("onRequest", ctx.guard("ADMIN"));
  const common = { tags: ["admin"], security: [{ bearerAuth: [] }] };

  app.get(
    "/ledger/balance",
    {
      schema: {
        ...common,
        operationId: "getLedgerBalance",
        summary: "Check that the ledger balances",
        description:
          "Sums every ledger entry (0 when balanced), checks that every journal sums to zero, and checks " +
          "every payment that took money: amount = GST (net of refunded GST) + platform share + instructor " +
          "share + refunds + what is still unearned, each account agreeing with the payment, its card " +
          "refunds and its lessons to the cent. Amounts in integer cents.",
        response: { 200: ledgerBalanceResponse, ...errorResponses(401, 403) },
      },
    },
    () => getLedgerBalance(ctx),
  );

  app.get(
    "/reconciliation",
    {
      schema: {
        ...common,
        operationId: "getReconciliation",
        summary: "Monthly reconciliation",
        description:
          "One Sydney month (YYYY-MM; the current month when left out) from the ledger, in integer cents: " +
          "collected, GST net of refunds, GST credits on recipient-created tax invoices to GST-registered " +
          "instructors, refunds, platform revenue, instructor earnings and payouts in the month; owed to " +
          "instructors and still unearned at its end. A malformed month is 400.",
        querystring: reconciliationQuery,
        response: { 200: reconciliationResponse, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => getReconciliation(ctx, request.query.month),
  );

  app.get(
    "/revenue",
    {
      schema: {
        ...common,
        operationId: "getRevenue",
        summary: "Revenue per month",
        description:
          "Per Sydney month, newest first, plus totals, read from the ledger (so each month agrees with " +
          "the reconciliation): lesson value earned (taught, no-show or kept) split into the platform fee " +
          "and the instructors' share, GST on payments less GST refunded, and refunds.",
        response: { 200: adminRevenueResponse, ...errorResponses(401, 403) },
      },
    },
    () => getRevenue(ctx),
  );
};
