import { meResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { accountKeys } from "./query-keys";

/**
 * A guardian's account as the settings page needs it. Guardians have no profile endpoint of their own:
 * GET /auth/me names them and gives the sign-in email. It does not say whether an email change is
 * waiting, so the page only knows of one asked for since it opened.
 */
async function getGuardianAccount({ signal }: { signal?: AbortSignal } = {}) {
  const { user } = meResponse.parse(await api.get("/auth/me", { signal }));
  return { ...user, pendingEmail: null };
}

const guardianAccountQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.guardian(), queryFn: getGuardianAccount });

export function useGuardianAccount() {
  return useQuery(guardianAccountQueryOptions());
}
