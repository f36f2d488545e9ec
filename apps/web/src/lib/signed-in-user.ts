import { api } from "./api-client";
import { authStore } from "./auth-store";

type FreshUser = { id: string; email: string; firstName?: unknown; lastName?: unknown };

function isFreshUser(value: unknown): value is FreshUser {
  if (typeof value !== "object" || value === null) return false;
  const { id, email } = value as Record<string, unknown>;
  return typeof id === "string" && typeof email === "string";
}

/**
 * The signed-in user as the server knows them now. The copy kept with the tokens (auth-store) was
 * taken at sign-in: an email changed since (confirmed from another tab or device) would otherwise show
 * in the navbar until the next sign-in, reloads included. The account is the source of truth, so the
 * stored copy is brought in line with GET /auth/me. Checked by hand, not with zod: this runs on every
 * signed-in page load. Failures are ignored; the stored copy stays as it was.
 */
export async function refreshSignedInUser(): Promise<void> {
  const before = authStore.getState();
  if (!before) return;
  const data = (await api.get("/auth/me").catch(() => null)) as { user?: unknown } | null;
  const fresh = data?.user;
  const current = authStore.getState();
  if (!isFreshUser(fresh) || !current || current.user.id !== fresh.id) return;
  const next = {
    ...current.user,
    email: fresh.email,
    ...(typeof fresh.firstName === "string" ? { firstName: fresh.firstName } : {}),
    ...(typeof fresh.lastName === "string" ? { lastName: fresh.lastName } : {}),
  };
  if (JSON.stringify(next) === JSON.stringify(current.user)) return;
  authStore.setSession({ ...current, user: next });
}
