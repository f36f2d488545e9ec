import type { AdminClosureRequests, OutstandingLegalDocument } from "@kerb/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { saveBlob } from "@/lib/save-blob";

import { privacyKeys } from "./query-keys";

const meKey = privacyKeys.outstandingLegal();
const closureRequestsKey = privacyKeys.adminClosureRequests();

/** The current versions the signed-in user has yet to accept (GET /auth/me). */
export function useOutstandingLegal() {
  return useQuery({
    queryKey: meKey,
    queryFn: async () =>
      (await api.get<{ outstandingLegal?: OutstandingLegalDocument[] }>("/auth/me")).outstandingLegal ?? [],
  });
}

export function useAcceptLegal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documents: OutstandingLegalDocument[]) =>
      api.post<{ outstandingLegal: OutstandingLegalDocument[] }>("/me/legal-acceptances", { documents }),
    onSuccess: (answer) => queryClient.setQueryData(meKey, answer.outstandingLegal),
  });
}

/** Downloads everything Kerb holds about the user as one JSON file. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const file = await api.getBlob("/me/data-export");
      saveBlob(file, `kerb-data-${new Date().toISOString().slice(0, 10)}.json`);
    },
  });
}

export function useRequestClosure() {
  return useMutation({
    mutationFn: (reason: string) =>
      api.post<{ id: string; requestedAt: string }>("/me/closure-request", reason ? { reason } : {}),
  });
}

export function useClosureRequests() {
  return useQuery({
    queryKey: closureRequestsKey,
    queryFn: () => api.get<AdminClosureRequests>("/admin/closure-requests"),
  });
}

export function useCompleteClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/admin/closure-requests/${encodeURIComponent(id)}/complete`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: closureRequestsKey }),
  });
}
