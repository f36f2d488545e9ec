import { studentAccountResponse, type studentProfileUpdateRequest } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import { authStore } from "@/lib/auth-store";
import { studentProfileQueryKey } from "@/lib/student-profile";
import { studentAccountQueryKey } from "./get-student-account";

export type StudentProfilePayload = z.output<typeof studentProfileUpdateRequest>;

export async function updateStudentProfile(payload: StudentProfilePayload) {
  const data = await apiRequest("/student/profile", { method: "PATCH", body: payload });
  return studentAccountResponse.parse(data);
}

export function useUpdateStudentProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudentProfile,
    onSuccess: (account) => {
      queryClient.setQueryData(studentAccountQueryKey, account);
      // The dashboard reads the profile (suburb, name) too.
      void queryClient.invalidateQueries({ queryKey: studentProfileQueryKey });
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
