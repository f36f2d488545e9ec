import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../test/http.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { scaled } from "../test/time-scale.ts";

// Walks every documented route with hostile ids, queries and bodies, as each role: whatever the input,
// the answer is a JSON error below 500 (or a success), never a crash.
const BODIES = [
  undefined,
  "null",
  "[]",
  "{}",
  '{"a":',
  '"text"',
  "123",
  JSON.stringify({ bookings: [{ startTime: "2026-13-45T99:00:00Z", endTime: 5, price: "free" }] }),
  JSON.stringify({ totalLessons: 1e308, pricePerLesson: -1 }),
  JSON.stringify({ email: {}, password: [], weekly: "x", date: "2026-02-30" }),
];
const IDS = ["x", "00000000-0000-0000-0000-000000000000", "1' or 1=1--", "%00", "a".repeat(90)];
const QUERIES = [
  "",
  "?suburb=",
  "?suburb=Bondi&startDate=2026-02-30&endDate=2026-01-01",
  "?suburb=a&suburb=b",
  "?page=-1&pageSize=100000",
  "?status=NOPE&from=yesterday&to=2026-99-99",
  "?scope=sideways&search=%25%5F",
  "?suburb=Bondi&startDate=2026-12-01&endDate=2026-12-02&instructorId=zzz&poolHoursOnly=maybe",
];

/** Each hostile id with a plain query or body, and each hostile query or body with a plain id. */
function* hostileRequests(path: string, method: string) {
  const queries = method === "get" ? QUERIES : [""];
  const bodies = method === "get" || method === "delete" ? [undefined] : BODIES;
  // A path without an id is the same URL for every hostile id: walk it once.
  const ids = path.includes("{") ? IDS : IDS.slice(0, 1);
  const at = (id: string) => path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
  for (const id of ids) yield { url: at(id) + queries[0], body: bodies[0] };
  for (const query of queries.slice(1)) yield { url: at(IDS[1] ?? "") + query, body: bodies[0] };
  for (const body of bodies.slice(1)) yield { url: at(IDS[1] ?? "") + (queries[0] ?? ""), body };
}

describe("hostile input never produces a 5xx", () => {
  let t: TestApp;
  let spec: { paths: Record<string, object> };
  beforeAll(async () => {
    t = await createTestApp("pglite", { seed: true });
    spec = (await t.app.inject({ url: "/api/docs/json" })).json();
  });
  afterAll(() => t.close());

  // One test a role, each with its own budget: a loaded machine runs the whole walk, only slower.
  it.each([
    ["nobody signed in", undefined],
    ["a student", "student@demo.test"],
    ["an instructor", "instructor@demo.test"],
    ["an admin", "admin@demo.test"],
  ])(
    "on every documented route, for %s",
    async (_who, email) => {
      const token = email ? (await api(t.app).login(email)).accessToken : undefined;
      const failures: string[] = [];
      let requests = 0;
      for (const [path, operations] of Object.entries(spec.paths)) {
        for (const method of Object.keys(operations)) {
          for (const { url, body } of hostileRequests(path, method)) {
            const res = await t.app.inject({
              method: method.toUpperCase() as "GET",
              url,
              headers: {
                ...(token ? { authorization: `Bearer ${token}` } : {}),
                ...(body === undefined ? {} : { "content-type": "application/json" }),
              },
              ...(body === undefined ? {} : { payload: body }),
            });
            requests++;
            if (res.statusCode >= 500) failures.push(`${res.statusCode} ${method} ${url} ${body ?? ""}`);
            if (res.statusCode >= 400 && res.headers["content-type"]?.toString().includes("json")) {
              const json = res.json();
              if (!json.error?.code || !json.error?.message)
                failures.push(`bad error shape: ${method} ${url}`);
            }
          }
        }
      }
      expect(requests).toBeGreaterThan(500);
      expect(failures).toEqual([]);
    },
    scaled(120_000),
  );
});
