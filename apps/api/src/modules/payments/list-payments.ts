import type { AdminPayment } from "@kerb/shared";
import { centsToDollars } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { type PageQuery, pageOf, pageWindow } from "../../lib/paging.ts";
import * as adminRepo from "./payments.admin.repository.ts";

/** The operator console's payment search: newest first, optionally of one status or provider. */
export async function listPayments(
  ctx: Pick<AppContext, "db">,
  query: PageQuery & { status?: AdminPayment["status"]; provider?: AdminPayment["provider"] },
) {
  const { rows, total } = await adminRepo.listPayments(
    ctx.db,
    { status: query.status, provider: query.provider },
    pageWindow(query),
  );
  const items: AdminPayment[] = rows.map((r) => ({
    id: r.id,
    type: r.type,
    status: r.status,
    provider: r.provider,
    invoiceNumber: r.invoiceNumber,
    subtotal: centsToDollars(r.subtotalCents),
    gst: centsToDollars(r.gstCents),
    amount: centsToDollars(r.amountCents),
    refunded: centsToDollars(r.refundedCents),
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    user: r.user,
  }));
  return pageOf(items, total, query);
}
