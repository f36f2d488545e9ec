import { describe, expect, it } from "vitest";
import { sessionFor, studentUser } from "@/test/fixtures";
import { AUTH_STORAGE_KEY, authStore } from "./auth-store";

describe("authStore", () => {
  it("persists the user and both tokens under one key", () => {
    authStore.setSession(sessionFor(studentUser));
    expect(Object.keys(window.localStorage)).toEqual([AUTH_STORAGE_KEY]);
    authStore.setTokens({ accessToken: "a2", refreshToken: "r2" });
    expect(JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? "null")).toEqual({
      user: studentUser,
      accessToken: "a2",
      refreshToken: "r2",
    });
  });

  it("restores a stored session and ignores a corrupt one", () => {
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(sessionFor(studentUser)));
    authStore.reload();
    expect(authStore.getState()?.user.email).toBe(studentUser.email);

    window.localStorage.setItem(AUTH_STORAGE_KEY, "{not json");
    authStore.reload();
    expect(authStore.getState()).toBeNull();

    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ accessToken: "x" }));
    authStore.reload();
    expect(authStore.getState()).toBeNull();
  });

  it("follows other tabs through the storage event", () => {
    authStore.setSession(sessionFor(studentUser));
    window.localStorage.removeItem(AUTH_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent("storage", { key: AUTH_STORAGE_KEY }));
    expect(authStore.getState()).toBeNull();
  });
});
