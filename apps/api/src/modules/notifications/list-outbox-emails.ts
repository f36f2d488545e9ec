import type { adminOutboxQuery } from "@kerb/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { toAdminMessage } from "./admin-outbox-message.ts";
import * as repo from "./notifications.repository.ts";

/** GET /admin/outbox: every email the platform wrote, newest first, optionally of one status. */
export async function listOutboxEmails(ctx: AppContext, query: z.output<typeof adminOutboxQuery>) {
  const { rows, total } = await repo.listOutbox(ctx.db, {
    status: query.status,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(toAdminMessage), total, page: query.page, pageSize: query.pageSize };
}
