import { adminInstructorResponse, type VerifyInstructorRequest } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { invalidateAfterInstructorChange } from "./instructor-change";

export type AdminInstructorResult = z.infer<typeof adminInstructorResponse>;

async function verifyInstructor({
  id,
  ...payload
}: VerifyInstructorRequest & { id: string }): Promise<AdminInstructorResult> {
  const data = await api.post(`/admin/instructors/${encodeURIComponent(id)}/verify`, payload);
  return adminInstructorResponse.parse(data);
}

/** Lists the instructor for students; the admin must confirm the licence number was checked. */
export function useVerifyInstructor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyInstructor,
    onSuccess: () => invalidateAfterInstructorChange(queryClient),
  });
}
