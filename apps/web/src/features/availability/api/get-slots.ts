import { type Slot, slotsResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { toSearchParams } from "./get-availability-summary";
import { availabilityKeys, type SlotsQuery } from "./query-keys";

async function getSlots(query: SlotsQuery, { signal }: { signal?: AbortSignal } = {}): Promise<Slot[]> {
  const { date, ...rest } = query;
  const data = await api.get("/student/slots", {
    query: toSearchParams({ ...rest, startDate: date, endDate: date }),
    signal,
  });
  return slotsResponse.parse(data);
}

export const getSlotsQueryOptions = (query: SlotsQuery) =>
  queryOptions({
    queryKey: availabilityKeys.slots(query),
    queryFn: ({ signal }) => getSlots(query, { signal }),
  });

export function useSlots(query: SlotsQuery | null) {
  return useQuery({
    ...getSlotsQueryOptions(query ?? { suburb: "", date: "" }),
    enabled: query !== null,
  });
}
