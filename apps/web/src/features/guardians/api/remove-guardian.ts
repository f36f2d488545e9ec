import { guardianLinksResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { guardianKeys } from "./query-keys";

/** DELETE /api/student/guardians/:id: removes a guardian or withdraws an invitation; access ends at once. */
async function removeGuardian(id: string) {
  const data = await apiRequest(`/student/guardians/${encodeURIComponent(id)}`, { method: "DELETE" });
  return guardianLinksResponse.parse(data);
}

export function useRemoveGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGuardian,
    onSuccess: (list) => queryClient.setQueryData(guardianKeys.ofStudent(), list),
  });
}
