import type { StaffCancellationPreview } from "@kerb/shared";
import type { UseQueryResult } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-error";

/** The server's sentence about what the student gets back, while it loads, or why it could not say. */
export function StaffRefundPreview({ preview }: { preview: UseQueryResult<StaffCancellationPreview> }) {
  if (preview.isPending) {
    return (
      <SkeletonGroup label="Working out the student's refund…">
        <Skeleton className="h-5 w-full" />
      </SkeletonGroup>
    );
  }
  if (preview.isError) {
    return (
      <Alert tone="error" title="We couldn't check this lesson">
        {errorMessage(preview.error, "Please check your connection and try again.")}
      </Alert>
    );
  }
  return <p>{preview.data.summary} This can't be undone.</p>;
}
