import { auditLogResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { type AuditLogParams, auditKeys } from "./query-keys";

type AuditLogPage = z.infer<typeof auditLogResponse>;

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
