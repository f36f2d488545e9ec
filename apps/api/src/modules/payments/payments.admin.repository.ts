/** The operator console's payment search (reads only; the writes are payments.repository.ts's). */
import { and, count, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { payments, users } from "../../db/schema/index.ts";

export async function listPayments(
  db: Executor,
  filter: {
    status?: (typeof payments.$inferSelect)["status"];
    provider?: (typeof payments.$inferSelect)["provider"];
  },
  page: { limit: number; offset: number },
) {
  const where = and(
    filter.status ? eq(payments.status, filter.status) : undefined,
    filter.provider ? eq(payments.provider, filter.provider) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: payments.id,
        type: payments.type,
        status: payments.status,
        provider: payments.provider,
        invoiceNumber: payments.invoiceNumber,
        subtotalCents: payments.subtotalCents,
        gstCents: payments.gstCents,
        amountCents: payments.amountCents,
        refundedCents: payments.refundedCents,
        createdAt: payments.createdAt,
        paidAt: payments.paidAt,
        user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(payments).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
