import { studentAccountResponse, type studentProfileUpdateRequest } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import { authStore } from "@/lib/auth-store";
import { studentProfileKeys } from "@/lib/query-keys";
import { accountKeys } from "./query-keys";

export type StudentProfilePayload = z.output<typeof studentProfileUpdateRequest>;

async function updateStudentProfile(payload: StudentProfilePayload) {
  const data = await apiRequest("/student/profile", { method: "PATCH", body: payload });
  return studentAccountResponse.parse(data);
}

export function useUpdateStudentProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudentProfile,
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.student(), account);
      // The dashboard reads the profile (suburb, name) too.
      void queryClient.invalidateQueries({ queryKey: studentProfileKeys.profile() });
      const session = authStore.getState();
      if (session) {
        authStore.setSession({
          ...session,
          user: {
            ...session.user,
            firstName: account.firstName,
            lastName: account.lastName,
            phone: account.phone,
          },
        });
      }
    },
  });
}
