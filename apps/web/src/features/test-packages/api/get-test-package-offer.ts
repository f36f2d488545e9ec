import { type TestPackageOffer, testPackageOfferResponse } from "@kerb/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { testPackageKeys } from "./query-keys";

async function getTestPackageOffer({ signal }: { signal?: AbortSignal } = {}): Promise<TestPackageOffer> {
  return testPackageOfferResponse.parse(await api.get("/instructor/test-package", { signal }));
}

export const testPackageOfferQueryOptions = () =>
  queryOptions({
    queryKey: testPackageKeys.own(),
    queryFn: ({ signal }) => getTestPackageOffer({ signal }),
  });

/** The instructor's driving-test package offer: off, with no price, until first saved. */
export function useTestPackageOffer() {
  return useQuery(testPackageOfferQueryOptions());
}
