import {
  type AdminPayout,
  adminPayoutResponse,
  adminPayoutsResponse,
  type PayoutRunResponse,
  payoutRunResponse,
} from "@kerb/shared";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { auditKeys } from "@/features/audit";
import { api } from "@/lib/api-client";
import { type AdminPayoutsParams, payoutKeys } from "./query-keys";

export type AdminPayoutsPage = z.infer<typeof adminPayoutsResponse>;

async function getAdminPayouts(
  query: AdminPayoutsParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AdminPayoutsPage> {
  const data = await api.get("/admin/payouts", { query, signal });
  return adminPayoutsResponse.parse(data);
}

const getAdminPayoutsOptions = (query: AdminPayoutsParams) =>
  queryOptions({
    queryKey: payoutKeys.adminPayoutList(query),
    queryFn: ({ signal }) => getAdminPayouts(query, { signal }),
    placeholderData: keepPreviousData,
  });

/** Payouts, FAILED first, then PENDING, then PAID; with totals per status and what is accruing. */
export function useAdminPayouts(query: AdminPayoutsParams) {
  return useQuery(getAdminPayoutsOptions(query));
}

function useInvalidatePayouts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [payoutKeys.adminPayouts(), auditKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** The weekly run, now (idempotent: a second run creates nothing). */
async function runPayouts(): Promise<PayoutRunResponse> {
  return payoutRunResponse.parse(await api.post("/admin/payouts/run"));
}

export function useRunPayouts() {
  const invalidate = useInvalidatePayouts();
  return useMutation({ mutationFn: runPayouts, onSettled: invalidate });
}

/** Sends a failed payout again (audited); never a second transfer. */
async function retryPayout(id: string): Promise<AdminPayout> {
  const data = await api.post(`/admin/payouts/${encodeURIComponent(id)}/retry`);
  return adminPayoutResponse.parse(data).payout;
}

export function useRetryPayout() {
  const invalidate = useInvalidatePayouts();
  return useMutation({ mutationFn: retryPayout, onSettled: invalidate });
}
