import { apiRequest } from "./api-client";
import { authStore } from "./auth-store";

/**
 * Revokes the refresh token on the server, then signs out locally whatever the server said: a user who
 * pressed Logout must end up signed out even offline. Failures are only logged (spec §8).
 */
export async function logout(): Promise<void> {
  const refreshToken = authStore.getState()?.refreshToken;
  try {
    if (refreshToken) {
      await apiRequest("/auth/logout", { method: "POST", body: { refreshToken }, skipAuthRefresh: true });
    }
  } catch (error) {
    console.error("Logout request failed; signing out locally anyway.", error);
  } finally {
    authStore.clear();
  }
}
