import { auditLogResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { auditKeys } from "./query-keys";

type AuditLogPage = z.infer<typeof auditLogResponse>;

export type AuditLogParams = {
  /** Part of the actor's name or email. */
  actor?: string;
  /** An exact action, or a family ending in a dot (`booking.`). */
  action?: string;
  /** Inclusive Sydney dates YYYY-MM-DD. */
  from?: string;
  to?: string;
  page: number;
  pageSize?: number;
};

async function getAuditLog(
  query: AuditLogParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AuditLogPage> {
  const data = await api.get("/admin/audit-log", { query, signal });
  return auditLogResponse.parse(data);
}

const getAuditLogParamsOptions = (query: AuditLogParams) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => getAuditLog(query, { signal }),
    placeholderData: keepPreviousData,
  });

/** Who changed what and when, newest first. */
export function useAuditLog(query: AuditLogParams) {
  return useQuery(getAuditLogParamsOptions(query));
}
