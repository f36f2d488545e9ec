import { adminOutboxResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { type AdminOutboxParams, notificationKeys } from "./query-keys";

export type AdminOutboxPage = z.infer<typeof adminOutboxResponse>;

async function getOutbox(
  query: AdminOutboxParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminOutboxPage> {
  const data = await api.get("/admin/outbox", { query, signal });
  return adminOutboxResponse.parse(data);
}

const getOutboxOptions = (query: AdminOutboxParams) =>
  queryOptions({
    queryKey: notificationKeys.outboxList(query),
    queryFn: ({ signal }) => getOutbox(query, { signal }),
    placeholderData: keepPreviousData,
  });

/** Every email the platform has written, newest first. */
export function useOutbox(query: AdminOutboxParams) {
  return useQuery(getOutboxOptions(query));
}
