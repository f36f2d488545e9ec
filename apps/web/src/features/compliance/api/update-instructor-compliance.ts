import { adminInstructorResponse, type InstructorComplianceRequest } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { invalidateAfterInstructorChange } from "./instructor-change";
import type { AdminInstructorResult } from "./verify-instructor";

/** Licence and Working with Children Check expiry dates; null clears a date. */
async function updateInstructorCompliance({
  id,
  ...payload
}: InstructorComplianceRequest & { id: string }): Promise<AdminInstructorResult> {
  const data = await apiRequest(`/admin/instructors/${encodeURIComponent(id)}/compliance`, {
    method: "PATCH",
    body: payload,
  });
  return adminInstructorResponse.parse(data);
}

export function useUpdateInstructorCompliance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInstructorCompliance,
    onSuccess: () => invalidateAfterInstructorChange(queryClient),
  });
}
