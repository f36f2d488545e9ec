import { type StudentProfileBundle, studentBundleResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { studentProfileKeys } from "@/lib/query-keys";
import { creditKeys } from "./query-keys";

type ChangeBundleInstructorInput = { bundleId: string; instructorId: string };

/**
 * Moves a bundle's remaining credits to another verified instructor of its suburb. The server allows it
 * only while the bundle's own instructor may not be booked (or it has none).
 */
async function changeBundleInstructor({
  bundleId,
  instructorId,
}: ChangeBundleInstructorInput): Promise<StudentProfileBundle> {
  const data = await apiRequest(`/student/bundles/${encodeURIComponent(bundleId)}/instructor`, {
    method: "PUT",
    body: { instructorId },
  });
  return studentBundleResponse.parse(data).bundle;
}

export function useChangeBundleInstructor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBundleInstructor,
    onSuccess: (bundle) => {
      queryClient.setQueryData(creditKeys.bundle(bundle.id), bundle);
      void queryClient.invalidateQueries({ queryKey: studentProfileKeys.profile() });
    },
  });
}
