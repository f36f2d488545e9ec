import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { defined } from "@/test/defined";
import { apiError, jsonResponse, mockFetch } from "@/test/fetch-mock";
import { sessionFor, studentUser } from "@/test/fixtures";
import { api, apiRequest, setSessionExpiredHandler } from "./api-client";
import { ApiError } from "./api-error";
import { AUTH_STORAGE_KEY, authStore } from "./auth-store";

const onSessionExpired = vi.fn();

beforeEach(() => {
  onSessionExpired.mockReset();
  setSessionExpiredHandler(onSessionExpired);
  authStore.setSession(sessionFor(studentUser, { accessToken: "old-access", refreshToken: "old-refresh" }));
});

afterEach(() => authStore.clear());

const bearer = (headers: Headers) => headers.get("Authorization");

describe("apiRequest", () => {
  it("calls /api with JSON and the bearer token", async () => {
    const { calls } = mockFetch({ "POST /api/things": jsonResponse(200, { ok: true }) });
    await expect(api.post("/things", { a: 1 })).resolves.toEqual({ ok: true });
    expect(calls[0]?.body).toEqual({ a: 1 });
    expect(calls[0]?.headers.get("Content-Type")).toBe("application/json");
    expect(bearer(defined(calls[0]).headers)).toBe("Bearer old-access");
  });

  it("fetches a file as a Blob with the bearer token, and still reads an error answer as JSON", async () => {
    const { calls } = mockFetch({
      "GET /api/files/1.pdf": new Response("%PDF-1.7", {
        status: 200,
        headers: { "Content-Type": "application/pdf" },
      }),
      "GET /api/files/2.pdf": apiError(409, "invalid_state", "Not paid yet"),
    });
    const blob = await api.getBlob("/files/1.pdf");
    expect(blob.type).toBe("application/pdf");
    expect(await blob.text()).toBe("%PDF-1.7");
    expect(bearer(defined(calls[0]).headers)).toBe("Bearer old-access");
    await expect(api.getBlob("/files/2.pdf")).rejects.toMatchObject({ status: 409, code: "invalid_state" });
  });

  it("sends no Authorization header when signed out", async () => {
    authStore.clear();
    const { calls } = mockFetch({ "GET /api/public": jsonResponse(200, []) });
    await api.get("/public");
    expect(bearer(defined(calls[0]).headers)).toBeNull();
  });

  it("turns an error body into an ApiError with code, message, status and details", async () => {
    mockFetch({
      "GET /api/slots": apiError(409, "slot_unavailable", "That time is no longer available", [
        { path: "x", message: "y" },
      ]),
    });
    const error = await api.get("/slots").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: "slot_unavailable",
      message: "That time is no longer available",
      hasServerMessage: true,
    });
    expect((error as ApiError).fieldIssues).toEqual([{ path: "x", message: "y" }]);
  });

  it("reports a network failure as status 0", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(api.get("/anything")).rejects.toMatchObject({
      status: 0,
      code: "network_error",
      isNetworkError: true,
    });
  });

  it("on a 401 refreshes once, retries with the new token and keeps the new tokens", async () => {
    const { calls, callsTo } = mockFetch({
      "GET /api/student/profile": ({ headers }) =>
        bearer(headers) === "Bearer new-access"
          ? jsonResponse(200, { firstName: "Sam" })
          : apiError(401, "token_expired", "Your session has expired"),
      "POST /api/auth/refresh": jsonResponse(200, { accessToken: "new-access", refreshToken: "new-refresh" }),
    });

    await expect(api.get("/student/profile")).resolves.toEqual({ firstName: "Sam" });

    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /api/student/profile",
      "POST /api/auth/refresh",
      "GET /api/student/profile",
    ]);
    expect(callsTo("POST", "/api/auth/refresh")[0]?.body).toEqual({ refreshToken: "old-refresh" });
    expect(authStore.getState()).toMatchObject({ accessToken: "new-access", refreshToken: "new-refresh" });
    expect(JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? "null")).toMatchObject({
      accessToken: "new-access",
      refreshToken: "new-refresh",
      user: { email: studentUser.email },
    });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it("when the refresh fails, clears the session and sends the user to log in, without retrying", async () => {
    const { calls } = mockFetch({
      "GET /api/student/profile": apiError(401, "token_expired", "Your session has expired"),
      "POST /api/auth/refresh": apiError(401, "unauthorized", "Refresh token is not valid"),
    });

    await expect(api.get("/student/profile")).rejects.toMatchObject({ status: 401 });

    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /api/student/profile",
      "POST /api/auth/refresh",
    ]);
    expect(authStore.getState()).toBeNull();
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it("refreshes exactly once even if the retry is refused again", async () => {
    const { callsTo } = mockFetch({
      "GET /api/student/profile": apiError(401, "unauthorized", "Not signed in"),
      "POST /api/auth/refresh": jsonResponse(200, { accessToken: "new-access", refreshToken: "new-refresh" }),
    });

    await expect(api.get("/student/profile")).rejects.toMatchObject({ status: 401, code: "unauthorized" });
    expect(callsTo("POST", "/api/auth/refresh")).toHaveLength(1);
    expect(callsTo("GET", "/api/student/profile")).toHaveLength(2);
    expect(authStore.getState()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it("shares one refresh between parallel 401s (refresh tokens are single-use)", async () => {
    const { callsTo } = mockFetch({
      "GET /api/a": ({ headers }) =>
        bearer(headers) === "Bearer new-access"
          ? jsonResponse(200, "a")
          : apiError(401, "token_expired", "Expired"),
      "GET /api/b": ({ headers }) =>
        bearer(headers) === "Bearer new-access"
          ? jsonResponse(200, "b")
          : apiError(401, "token_expired", "Expired"),
      "POST /api/auth/refresh": jsonResponse(200, { accessToken: "new-access", refreshToken: "new-refresh" }),
    });

    await expect(Promise.all([api.get("/a"), api.get("/b")])).resolves.toEqual(["a", "b"]);
    expect(callsTo("POST", "/api/auth/refresh")).toHaveLength(1);
  });

  it("keeps the session when the refresh cannot reach the server", async () => {
    let refreshAttempts = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).endsWith("/auth/refresh")) {
          refreshAttempts++;
          throw new TypeError("Failed to fetch");
        }
        return apiError(401, "token_expired", "Expired");
      }),
    );
    await expect(api.get("/student/profile")).rejects.toMatchObject({ status: 0, code: "network_error" });
    expect(refreshAttempts).toBe(1);
    expect(authStore.getState()).not.toBeNull();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it("passes a 401 straight through when asked to (login with a wrong password)", async () => {
    const { callsTo } = mockFetch({
      "POST /api/auth/login": apiError(401, "invalid_credentials", "Invalid email or password"),
    });
    await expect(
      apiRequest("/auth/login", {
        method: "POST",
        body: { email: "a@b.co", password: "x" },
        skipAuthRefresh: true,
      }),
    ).rejects.toMatchObject({ status: 401, code: "invalid_credentials" });
    expect(callsTo("POST", "/api/auth/refresh")).toHaveLength(0);
    expect(authStore.getState()).not.toBeNull();
  });

  it("builds query strings, skipping empty values", async () => {
    const { calls } = mockFetch({ "GET /api/student/slots": jsonResponse(200, []) });
    await api.get("/student/slots", {
      query: { suburb: "Sydney CBD", instructorId: undefined, poolHoursOnly: true },
    });
    expect(calls[0]?.path).toBe("/api/student/slots?suburb=Sydney+CBD&poolHoursOnly=true");
  });
});
