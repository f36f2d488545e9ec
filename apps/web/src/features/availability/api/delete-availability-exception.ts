import { type AvailabilityChangeResponse, availabilityChangeResponse } from "@kerb/shared";
import { apiRequest } from "@/lib/api-client";

export async function deleteAvailabilityException(id: string): Promise<AvailabilityChangeResponse> {
  const data = await apiRequest(`/instructor/availability/exceptions/${encodeURIComponent(id)}`, {
    method: "DELETE",
  });
  return availabilityChangeResponse.parse(data);
}
