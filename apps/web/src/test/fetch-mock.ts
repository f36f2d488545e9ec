import { vi } from "vitest";

export type MockRequest = { method: string; path: string; body: unknown; headers: Headers };
type Reply = Response | { status?: number; body?: unknown } | Promise<Response>;
type Handler = (request: MockRequest) => Reply;

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
  });
}

export function apiError(status: number, code: string, message: string, details?: unknown): Response {
  return jsonResponse(status, { error: { code, message, ...(details === undefined ? {} : { details }) } });
}

/**
 * Replaces the global fetch (the only thing component tests mock) with a router keyed by
 * "METHOD /path". Unmatched calls fail the test loudly. Returns the recorded requests.
 */
export function mockFetch(routes: Record<string, Handler | Reply>) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const request: MockRequest = {
      method,
      path: url.pathname + url.search,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(request);
    const route = routes[`${method} ${url.pathname + url.search}`] ?? routes[`${method} ${url.pathname}`];
    if (route === undefined) throw new Error(`Unexpected fetch: ${method} ${request.path}`);
    const reply = typeof route === "function" ? await route(request) : await route;
    if (reply instanceof Response) return reply;
    return jsonResponse(reply.status ?? 200, reply.body);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    fetchMock,
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
