import { type CancellationPreview, cancellationPreviewResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { lessonKeys } from "./query-keys";

/** What cancelling the lesson now would give back, worked out by the server with its own clock. */
async function getCancellationPreview(
  bookingId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CancellationPreview> {
  const data = await api.get(`/student/bookings/${encodeURIComponent(bookingId)}/cancellation`, { signal });
  return cancellationPreviewResponse.parse(data);
}

const getCancellationPreviewQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: lessonKeys.studentCancellationPreview(bookingId),
    queryFn: ({ signal }) => getCancellationPreview(bookingId, { signal }),
    // The refund tier moves with the clock: every opening of the dialog asks again.
    staleTime: 0,
    gcTime: 0,
  });

export function useCancellationPreview(bookingId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCancellationPreviewQueryOptions(bookingId), enabled });
}
