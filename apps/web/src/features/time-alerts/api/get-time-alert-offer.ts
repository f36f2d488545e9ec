import { type TimeAlertOfferResponse, timeAlertOfferResponse } from "@kerb/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { timeAlertKeys } from "./query-keys";

async function getTimeAlertOffer(token: string, signal?: AbortSignal): Promise<TimeAlertOfferResponse> {
  return timeAlertOfferResponse.parse(
    await api.get(`/student/time-alert-offers/${encodeURIComponent(token)}`, { signal }),
  );
}

/** GET /api/student/time-alert-offers/{token}: the emailed time, and whether it is still free. Holds nothing. */
export function useTimeAlertOffer(token: string) {
  return useQuery({
    queryKey: timeAlertKeys.offer(token),
    queryFn: ({ signal }) => getTimeAlertOffer(token, signal),
    // A lapsed or unknown link answers 410/404: say so at once rather than retrying.
    retry: false,
  });
}
