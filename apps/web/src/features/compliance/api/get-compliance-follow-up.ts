import { type ComplianceFollowUpPage, complianceFollowUpResponse } from "@kerb/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type ComplianceFollowUpParams, complianceKeys } from "./query-keys";

async function getComplianceFollowUp(
  query: ComplianceFollowUpParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ComplianceFollowUpPage> {
  const data = await api.get("/admin/compliance/follow-up", { query, signal });
  return complianceFollowUpResponse.parse(data);
}

const getComplianceFollowUpOptions = (query: ComplianceFollowUpParams) =>
  queryOptions({
    queryKey: complianceKeys.followUpList(query),
    queryFn: ({ signal }) => getComplianceFollowUp(query, { signal }),
    placeholderData: keepPreviousData,
  });

/** Lessons still to come whose instructor may not teach them, soonest first. */
export function useComplianceFollowUp(query: ComplianceFollowUpParams) {
  return useQuery(getComplianceFollowUpOptions(query));
}
