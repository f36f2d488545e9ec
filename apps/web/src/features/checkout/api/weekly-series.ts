import {
  type BookWeeklySeriesRequest,
  type BookWeeklySeriesResponse,
  bookWeeklySeriesResponse,
  type WeeklySeriesPreview,
  type WeeklySeriesRequest,
  weeklySeriesPreviewResponse,
} from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useSingleFlightMutation } from "@/lib/single-flight";
import { checkoutKeys } from "./query-keys";

/** Every week of the series as it stands now (a read, though a POST: the request is a whole plan). */
async function previewWeeklySeries(
  request: WeeklySeriesRequest,
  { signal }: { signal?: AbortSignal } = {},
): Promise<WeeklySeriesPreview> {
  const data = await api.post("/student/weekly-series/preview", request, { signal });
  return weeklySeriesPreviewResponse.parse(data);
}

export const weeklySeriesPreviewQueryOptions = (request: WeeklySeriesRequest) =>
  queryOptions({
    queryKey: checkoutKeys.weeklySeriesPreview(request),
    queryFn: ({ signal }) => previewWeeklySeries(request, { signal }),
    // Other learners book meanwhile: asked again whenever the planner opens.
    staleTime: 0,
  });

export function useWeeklySeriesPreview(request: WeeklySeriesRequest, { enabled = true } = {}) {
  return useQuery({ ...weeklySeriesPreviewQueryOptions(request), enabled });
}

/** Holds the weeks kept or moved and opens one payment for them. */
async function bookWeeklySeries(
  request: BookWeeklySeriesRequest,
  idempotencyKey?: string,
): Promise<BookWeeklySeriesResponse> {
  const data = await api.post("/student/weekly-series", request, { idempotencyKey });
  return bookWeeklySeriesResponse.parse(data);
}

export function useBookWeeklySeries() {
  return useSingleFlightMutation({ mutationFn: bookWeeklySeries });
}
