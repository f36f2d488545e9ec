import { type StaffCancellationPreview, staffCancellationPreviewResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { lessonKeys, type StaffRole } from "./query-keys";

const previewPath = (role: StaffRole, lessonId: string) =>
  role === "instructor"
    ? `/instructor/lessons/${encodeURIComponent(lessonId)}/cancellation`
    : `/admin/bookings/${encodeURIComponent(lessonId)}/cancellation`;

/**
 * What cancelling the lesson now would give the student, worked out by the server from the payment as
 * it stands: the browser never re-derives a refund (the last lesson of a payment gets its remainder).
 */
async function getStaffCancellationPreview(
  role: StaffRole,
  lessonId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StaffCancellationPreview> {
  return staffCancellationPreviewResponse.parse(await api.get(previewPath(role, lessonId), { signal }));
}

export function useStaffCancellationPreview(
  role: StaffRole,
  lessonId: string | null,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    ...queryOptions({
      queryKey: lessonKeys.staffCancellationPreview(role, lessonId ?? ""),
      queryFn: ({ signal }) => getStaffCancellationPreview(role, lessonId ?? "", { signal }),
      // The payment's refunds move with every cancellation: each opening of the dialog asks again.
      staleTime: 0,
      gcTime: 0,
    }),
    enabled: enabled && lessonId !== null,
  });
}
