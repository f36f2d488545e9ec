import { api } from "@/lib/api-client";
import { authStore } from "@/lib/auth-store";
import { isExtendedSession } from "@/lib/session-shape";

/**
 * Keeps the session alive while a booking is in progress (spec §7) and keeps the fresh access token
 * it hands out.
 */
export async function extendSession(): Promise<void> {
  const data = await api.post("/auth/extend-session", { bookingInProgress: true });
  if (isExtendedSession(data)) authStore.setTokens({ accessToken: data.accessToken });
}
