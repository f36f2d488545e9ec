import { type TestPackageOffer, type TestPackageOfferRequest, testPackageOfferResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { testPackageKeys } from "./query-keys";

async function saveTestPackageOffer(payload: TestPackageOfferRequest): Promise<TestPackageOffer> {
  const data = await apiRequest("/instructor/test-package", { method: "PUT", body: payload });
  return testPackageOfferResponse.parse(data);
}

export function useSaveTestPackageOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTestPackageOffer,
    onSuccess: (offer) => queryClient.setQueryData(testPackageKeys.own(), offer),
  });
}
