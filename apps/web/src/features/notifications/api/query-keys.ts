import { scopeKeys } from "@/lib/query-keys";
import type { AdminOutboxParams } from "./get-outbox";

export const notificationKeys = {
  outbox: () => [...scopeKeys.admin, "outbox"] as const,
  outboxList: (query: AdminOutboxParams) => [...notificationKeys.outbox(), query] as const,
};
