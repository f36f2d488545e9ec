import { type GstSummary, gstSummaryResponse } from "@kerb/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { DateRange } from "./download-bas";
import { ledgerKeys } from "./query-keys";

async function getGstSummary(range: DateRange, { signal }: { signal?: AbortSignal } = {}) {
  const data = await api.get("/admin/gst-summary", { query: range, signal });
  return gstSummaryResponse.parse(data) as GstSummary;
}

/** The BAS figures for a range; not asked for while the range is invalid. */
export function useGstSummary(range: DateRange, enabled: boolean) {
  return useQuery({
    queryKey: ledgerKeys.gstSummary(range),
    queryFn: ({ signal }) => getGstSummary(range, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
