import { guardianLinksResponse, type UpdateGuardianRequest } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { guardianKeys } from "./query-keys";

/** PATCH /api/student/guardians/:id: whether this guardian gets copies of the booking emails. */
async function updateGuardian({ id, ...patch }: { id: string } & UpdateGuardianRequest) {
  const data = await apiRequest(`/student/guardians/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: patch,
  });
  return guardianLinksResponse.parse(data);
}

export function useUpdateGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGuardian,
    onSuccess: (list) => queryClient.setQueryData(guardianKeys.ofStudent(), list),
  });
}
