import { IDEMPOTENCY_KEY_HEADER } from "@kerb/shared/constants";
import { env } from "@/config/env";
import { ApiError } from "./api-error";
import { authStore } from "./auth-store";
import { isTokenPair } from "./session-shape";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type RequestOptions = {
  method?: Method;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /**
   * Auth endpoints answer 401 for wrong credentials or a dead refresh token; those must reach the
   * caller as they are instead of triggering a refresh.
   */
  skipAuthRefresh?: boolean;
  /** "blob" for files (PDFs): a successful body arrives as a Blob; error bodies are still read as JSON. */
  responseType?: "json" | "blob";
  /**
   * Sent as the Idempotency-Key header (a purchase, a payment, a lesson move): the server answers a
   * repeat with this key as it answered the first, and does nothing twice. Made by useSingleFlightMutation.
   */
  idempotencyKey?: string;
};

const NETWORK_MESSAGE = "We couldn't reach Kerb. Check your connection and try again.";

let onSessionExpired: () => void = () => {
  window.location.assign("/login");
};

/** The app decides how to leave a dead session (clear caches, router navigation to /login). */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

function buildUrl(path: string, query?: RequestOptions["query"]): string {
  const url = `${env.apiBaseUrl}${path.startsWith("/") ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  if (error && typeof error.message === "string" && error.message.length > 0) {
    return new ApiError({
      status,
      code: typeof error.code === "string" ? error.code : "unknown_error",
      message: error.message,
      details: error.details,
      hasServerMessage: true,
    });
  }
  return new ApiError({
    status,
    code: status >= 500 ? "internal_error" : "unknown_error",
    message:
      status >= 500 ? "Something went wrong on our side. Please try again." : `Request failed (${status})`,
  });
}

async function send(
  path: string,
  options: RequestOptions,
  accessToken: string | undefined,
): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: options.responseType === "blob" ? "*/*" : "application/json",
  };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: "network_error", message: NETWORK_MESSAGE, cause });
  }
}

// Refresh tokens rotate on every use and reuse of a rotated one revokes the whole family, so parallel
// 401s must share one refresh call instead of each spending the same token.
let refreshInFlight: Promise<boolean> | null = null;

function refreshTokens(): Promise<boolean> {
  refreshInFlight ??= (async () => {
    const refreshToken = authStore.getState()?.refreshToken;
    if (!refreshToken) return false;
    const response = await send("/auth/refresh", { method: "POST", body: { refreshToken } }, undefined);
    if (!response.ok) return false;
    const tokens = await readBody(response);
    if (!isTokenPair(tokens)) return false;
    authStore.setTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    return true;
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function endSession() {
  authStore.clear("expired");
  onSessionExpired();
}

/**
 * Calls the API: JSON in and out, bearer token when signed in, and on a 401 exactly one
 * refresh-and-retry. When the refresh fails the session is over: auth state is cleared and the
 * app is sent to /login.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = authStore.getState()?.accessToken;
  let response = await send(path, options, token);

  if (response.status === 401 && token && !options.skipAuthRefresh) {
    let refreshed: boolean;
    try {
      refreshed = await refreshTokens();
    } catch (error) {
      // Offline while refreshing says nothing about the session; keep it and report the network error.
      if (error instanceof ApiError && error.isNetworkError) throw error;
      refreshed = false;
    }
    if (!refreshed) {
      endSession();
      throw toApiError(401, await readBody(response));
    }
    response = await send(path, options, authStore.getState()?.accessToken);
    if (response.status === 401) endSession();
  }

  if (response.ok && options.responseType === "blob") return (await response.blob()) as T;
  const body = await readBody(response);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "POST", body }),
  /** A file the API only gives with the bearer token, so a plain link cannot fetch it. */
  getBlob: (path: string, options?: Omit<RequestOptions, "method" | "body" | "responseType">) =>
    apiRequest<Blob>(path, { ...options, method: "GET", responseType: "blob" }),
};
