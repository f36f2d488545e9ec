import {
  type CancelSeriesResponse,
  cancelSeriesResponse,
  type SeriesCancellationPreview,
  seriesCancellationPreviewResponse,
} from "@kerb/shared";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { scopeKeys } from "@/lib/query-keys";
import { useSingleFlightMutation } from "@/lib/single-flight";
import { lessonKeys } from "./query-keys";

/** What cancelling every future lesson of the series would give back now, lesson by lesson. */
async function getSeriesCancellationPreview(
  seriesId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SeriesCancellationPreview> {
  const data = await api.get(`/student/weekly-series/${encodeURIComponent(seriesId)}/cancellation`, {
    signal,
  });
  return seriesCancellationPreviewResponse.parse(data);
}

const seriesCancellationPreviewQueryOptions = (seriesId: string) =>
  queryOptions({
    queryKey: lessonKeys.seriesCancellationPreview(seriesId),
    queryFn: ({ signal }) => getSeriesCancellationPreview(seriesId, { signal }),
    // The tiers move with the clock: every opening of the dialog asks again.
    staleTime: 0,
    gcTime: 0,
  });

export function useSeriesCancellationPreview(
  seriesId: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...seriesCancellationPreviewQueryOptions(seriesId), enabled });
}

/** Cancels all the series' future lessons at once; asking again cancels nothing more. */
async function cancelWeeklySeries(seriesId: string, idempotencyKey?: string): Promise<CancelSeriesResponse> {
  const data = await api.post(`/student/weekly-series/${encodeURIComponent(seriesId)}/cancel`, undefined, {
    idempotencyKey,
  });
  return cancelSeriesResponse.parse(data);
}

export function useCancelWeeklySeries() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: cancelWeeklySeries,
    // Lessons, payments (refunds) and bundles (credits) all changed.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: scopeKeys.student });
    },
  });
}
