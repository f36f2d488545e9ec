import { adminInstructorResponse, type RejectInstructorRequest } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invalidateAfterInstructorChange } from "./instructor-change";
import type { AdminInstructorResult } from "./verify-instructor";

async function rejectInstructor({
  id,
  ...payload
}: RejectInstructorRequest & { id: string }): Promise<AdminInstructorResult> {
  const data = await api.post(`/admin/instructors/${encodeURIComponent(id)}/reject`, payload);
  return adminInstructorResponse.parse(data);
}

/** Rejects (or delists) an instructor; the reason is kept in the audit log. */
export function useRejectInstructor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectInstructor,
    onSuccess: () => invalidateAfterInstructorChange(queryClient),
  });
}
