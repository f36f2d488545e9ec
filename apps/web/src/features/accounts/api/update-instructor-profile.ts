import { instructorAccountResponse, type instructorProfileUpdateRequest } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import { scopeKeys } from "@/lib/query-keys";
import { accountKeys } from "./query-keys";

export type InstructorProfilePayload = z.output<typeof instructorProfileUpdateRequest>;

async function updateInstructorProfile(payload: InstructorProfilePayload) {
  const data = await apiRequest("/instructor/profile", { method: "PATCH", body: payload });
  return instructorAccountResponse.parse(data);
}

export function useUpdateInstructorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInstructorProfile,
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.instructor(), account);
      // The dashboard shows the verification status, which a new licence number resets.
      void queryClient.invalidateQueries({ queryKey: scopeKeys.instructor });
    },
  });
}
