import type { adminRefundsQuery } from "@kerb/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { toAdminRefund } from "./admin-refund.ts";
import * as repo from "./refunds.repository.ts";

/** GET /admin/refunds: the card-refund queue, optionally of one status, a page at a time. */
export async function listRefunds(ctx: AppContext, query: z.output<typeof adminRefundsQuery>) {
  const { rows, total } = await repo.listRefunds(ctx.db, {
    status: query.status,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(toAdminRefund), total, page: query.page, pageSize: query.pageSize };
}
