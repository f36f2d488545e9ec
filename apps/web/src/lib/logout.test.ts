import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { sessionFor, studentUser } from "@/test/fixtures";
import { AUTH_STORAGE_KEY, authStore } from "./auth-store";
import { logout } from "./logout";

beforeEach(() => authStore.setSession(sessionFor(studentUser)));
afterEach(() => authStore.clear());

describe("logout", () => {
  it("revokes the refresh token on the server, then clears the session", async () => {
    const { callsTo } = mockFetch({ "POST /api/auth/logout": jsonResponse(200, { ok: true }) });
    await logout();
    expect(callsTo("POST", "/api/auth/logout")[0]?.body).toEqual({ refreshToken: "refresh-1" });
    expect(authStore.getState()).toBeNull();
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it("clears the session even when the server call fails, and only logs the error", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch({ "POST /api/auth/logout": apiError(500, "internal_error", "Something went wrong") });
    await expect(logout()).resolves.toBeUndefined();
    expect(authStore.getState()).toBeNull();
    expect(log).toHaveBeenCalledOnce();
  });

  it("clears the session when offline", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await logout();
    expect(authStore.getState()).toBeNull();
  });
});
