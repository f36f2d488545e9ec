import { api } from "./api-client";
import { authStore } from "./auth-store";
import { isMeResponse, pickAuthUser } from "./session-shape";

/**
 * The signed-in user as the server knows them now. The copy kept with the tokens (auth-store) was
 * taken at sign-in: an email changed since (confirmed from another tab or device) would otherwise show
 * in the navbar until the next sign-in, reloads included. The account is the source of truth, so the
 * stored copy is brought in line with GET /auth/me: on each load, when the tab comes back into view,
 * and after an email change is confirmed. Checked with session-shape's twin of `meResponse`, not zod:
 * this runs on every signed-in page load. Failures are ignored; the stored copy stays as it was.
 */
export async function refreshSignedInUser(): Promise<void> {
  if (!authStore.getState()) return;
  const data: unknown = await api.get("/auth/me").catch(() => null);
  const current = authStore.getState();
  // Signed out, or in as someone else, while the answer was on its way: it is not this session's user.
  if (!isMeResponse(data) || !current || current.user.id !== data.user.id) return;
  const user = pickAuthUser(data.user);
  if (JSON.stringify(user) === JSON.stringify(current.user)) return;
  authStore.setSession({ ...current, user });
}
