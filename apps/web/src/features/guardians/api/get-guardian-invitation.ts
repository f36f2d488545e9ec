import { guardianInvitationResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { guardianKeys } from "./query-keys";

/** GET /api/guardian/invitations/:token (no session needed): who invited this address; 404 once it is gone. */
async function getGuardianInvitation(token: string, { signal }: { signal?: AbortSignal } = {}) {
  const data = await api.get(`/guardian/invitations/${encodeURIComponent(token)}`, {
    signal,
    skipAuthRefresh: true,
  });
  return guardianInvitationResponse.parse(data);
}

const guardianInvitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: guardianKeys.invitation(token),
    queryFn: ({ signal }) => getGuardianInvitation(token, { signal }),
  });

export function useGuardianInvitation(token: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...guardianInvitationQueryOptions(token), enabled });
}
