import type { FastifyInstance } from "fastify";

/** Small helpers so tests read as requests a client would make. */
export function api(app: FastifyInstance) {
  const call = async (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests dig into response JSON freely; expect() checks its shape
    let json: any;
    try {
      json = res.json();
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, body: json, headers: res.headers };
  };
  return {
    get: (url: string, token?: string) => call("GET", url, undefined, token),
    /** `headers`: more request headers, e.g. `{ "idempotency-key": randomUUID() }`. */
    post: (url: string, body?: unknown, token?: string, headers?: Record<string, string>) =>
      call("POST", url, body, token, headers),
    put: (url: string, body?: unknown, token?: string) => call("PUT", url, body, token),
    patch: (url: string, body?: unknown, token?: string) => call("PATCH", url, body, token),
    delete: (url: string, token?: string) => call("DELETE", url, undefined, token),
    async login(email: string, password = "demo1234") {
      const res = await call("POST", "/api/auth/login", { email, password });
      if (res.status !== 200)
        throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { accessToken: string; refreshToken: string; user: { id: string; role: string } };
    },
  };
}

export function studentPayload(overrides: Record<string, unknown> = {}) {
  const unique = Math.random().toString(36).slice(2, 10);
  return {
    email: `learner.${unique}@example.com`,
    password: "secret12",
    confirmPassword: "secret12",
    acceptTerms: true,
    firstName: "Lee",
    lastName: "Learner",
    phone: "0400 000 000",
    role: "STUDENT",
    suburb: "Parramatta",
    licenseType: "AUTOMATIC",
    experienceLevel: "NEVER_DRIVEN",
    ...overrides,
  };
}

export function instructorPayload(overrides: Record<string, unknown> = {}) {
  const unique = Math.random().toString(36).slice(2, 10);
  return {
    email: `teacher.${unique}@example.com`,
    password: "secret12",
    confirmPassword: "secret12",
    acceptTerms: true,
    firstName: "Ivy",
    lastName: "Instructor",
    phone: "0400 000 001",
    role: "INSTRUCTOR",
    licenseNumber: "12345678",
    wwcNumber: "WWC1234567E",
    vehicleType: "AUTOMATIC",
    standardRate: 80,
    languages: ["English", "Hindi"],
    suburbs: ["Parramatta", "Blacktown"],
    ...overrides,
  };
}
