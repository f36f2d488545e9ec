import type { OutboxStatus } from "@kerb/shared";
import { scopeKeys } from "@/lib/query-keys";

export type AdminOutboxParams = { status?: OutboxStatus; page: number; pageSize?: number };

export const notificationKeys = {
  outbox: () => [...scopeKeys.admin, "outbox"] as const,
  outboxList: (query: AdminOutboxParams) => [...notificationKeys.outbox(), query] as const,
};
