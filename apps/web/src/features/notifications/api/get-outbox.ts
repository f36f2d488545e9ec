import { adminOutboxResponse, type OutboxStatus } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";

export type AdminOutboxPage = z.infer<typeof adminOutboxResponse>;

export type AdminOutboxParams = { status?: OutboxStatus; page: number; pageSize?: number };

export async function getOutbox(
  query: AdminOutboxParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminOutboxPage> {
  const data = await api.get("/admin/outbox", { query, signal });
  return adminOutboxResponse.parse(data);
}

export const outboxQueryKey = ["admin", "outbox"] as const;

export const getOutboxOptions = (query: AdminOutboxParams) =>
  queryOptions({
    queryKey: [...outboxQueryKey, query] as const,
    queryFn: ({ signal }) => getOutbox(query, { signal }),
    placeholderData: keepPreviousData,
  });

/** Every email the platform has written, newest first. */
export function useOutbox(query: AdminOutboxParams) {
  return useQuery(getOutboxOptions(query));
}
