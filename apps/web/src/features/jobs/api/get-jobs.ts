import { type AdminJobsResponse, adminJobsResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { jobKeys } from "./query-keys";

async function getJobs({ signal }: { signal?: AbortSignal } = {}): Promise<AdminJobsResponse> {
  const data = await api.get("/admin/jobs", { signal });
  return adminJobsResponse.parse(data);
}

/** Every background job, its last run and its queue: refreshed each minute while the page is open. */
export function useJobs() {
  return useQuery(
    queryOptions({
      queryKey: jobKeys.list(),
      queryFn: ({ signal }) => getJobs({ signal }),
      refetchInterval: 60_000,
    }),
  );
}
