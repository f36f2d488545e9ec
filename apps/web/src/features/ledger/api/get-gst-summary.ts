import { type GstSummary, gstSummaryResponse } from "@kerb/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { DateRange } from "./download-bas";

export async function getGstSummary(range: DateRange, { signal }: { signal?: AbortSignal } = {}) {
  const data = await api.get("/admin/gst-summary", { query: range, signal });
  return gstSummaryResponse.parse(data) as GstSummary;
}

/** The BAS figures for a range; not asked for while the range is invalid. */
export function useGstSummary(range: DateRange, enabled: boolean) {
  return useQuery({
    queryKey: ["admin", "gst-summary", range.from, range.to] as const,
    queryFn: ({ signal }) => getGstSummary(range, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
