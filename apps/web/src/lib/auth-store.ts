import type { AuthResponse, AuthUser } from "@kerb/shared";
import { useSyncExternalStore } from "react";
import { isAuthSession, pickAuthSession } from "./session-shape";
import { readJson, removeKey, writeJson } from "./storage";

/** The one localStorage key holding the signed-in user and both tokens. */
export const AUTH_STORAGE_KEY = "kerb.auth";

type AuthSession = AuthResponse;
type AuthState = AuthSession | null;

type Listener = () => void;

function load(): AuthState {
  // Anything that does not look like a session (old format, hand-edited) counts as signed out.
  const stored = readJson(AUTH_STORAGE_KEY);
  return isAuthSession(stored) ? pickAuthSession(stored) : null;
}

let state: AuthState = typeof window === "undefined" ? null : load();
/** Why the last session ended, so /login can say "your session has ended" after an expiry. */
type SignOutReason = "signed_out" | "expired";
let signOutReason: SignOutReason | null = null;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

function set(next: AuthState) {
  state = next;
  if (next) writeJson(AUTH_STORAGE_KEY, next);
  else removeKey(AUTH_STORAGE_KEY);
  emit();
}

export const authStore = {
  getState: (): AuthState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** After login or registration. */
  setSession(session: AuthSession) {
    signOutReason = null;
    set(session);
  },
  /** After a refresh or a session extension; the user stays the same. */
  setTokens(tokens: { accessToken: string; refreshToken?: string }) {
    if (!state) return;
    set({
      ...state,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? state.refreshToken,
    });
  },
  clear(reason: SignOutReason = "signed_out") {
    if (state === null) return;
    signOutReason = reason;
    set(null);
  },
  getSignOutReason: (): SignOutReason | null => signOutReason,
  /** Re-reads storage; used when another tab changes the session and by tests. */
  reload() {
    state = load();
    signOutReason = null;
    emit();
  },
};

if (typeof window !== "undefined") {
  // Keep tabs in step: signing out (or in) in one tab applies to all of them.
  window.addEventListener("storage", (event) => {
    if (event.key === AUTH_STORAGE_KEY || event.key === null) authStore.reload();
  });
}

function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}

export function useCurrentUser(): AuthUser | null {
  return useAuth()?.user ?? null;
}
