import {
  type AdminPassPromiseClaim,
  type AdminPassPromiseClaimsResponse,
  adminPassPromiseClaimResponse,
  adminPassPromiseClaimsResponse,
} from "@kerb/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { testPackageKeys } from "./query-keys";

async function getClaims(page: number, signal?: AbortSignal): Promise<AdminPassPromiseClaimsResponse> {
  const data = await api.get("/admin/test-pack-claims", { query: { page, pageSize: 20 }, signal });
  return adminPassPromiseClaimsResponse.parse(data);
}

/** The pass promise's claims, newest first, a page at a time. */
export function useAdminPassPromiseClaims(page: number) {
  return useQuery({
    queryKey: testPackageKeys.adminClaims(page),
    queryFn: ({ signal }) => getClaims(page, signal),
    placeholderData: keepPreviousData,
  });
}

type Decision = { id: string; decision: "approve" } | { id: string; decision: "decline"; note: string };

async function decide(input: Decision): Promise<AdminPassPromiseClaim> {
  const path = `/admin/test-pack-claims/${encodeURIComponent(input.id)}/${input.decision}`;
  const data = await api.post(path, input.decision === "decline" ? { note: input.note } : undefined);
  return adminPassPromiseClaimResponse.parse(data).claim;
}

/** Approves (a pack credit is issued) or declines a claim; the list is read again either way. */
export function useDecidePassPromiseClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSettled: () => queryClient.invalidateQueries({ queryKey: testPackageKeys.adminClaimsAll() }),
  });
}
