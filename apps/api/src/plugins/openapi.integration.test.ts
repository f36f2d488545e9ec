import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { OPENAPI_TAGS } from "./openapi.ts";

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: unknown[];
  requestBody?: unknown;
  security?: unknown[];
  responses?: Record<string, unknown>;
};
type Document = {
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
};

// The contract others build clients on: a route added without its metadata fails here (and in
// `npm run lint:openapi`), not in a consumer's code generator.
describe("OpenAPI document", () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp("pglite");
    doc = t.app.swagger() as unknown as Document;
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );

  it("declares every tag once, each with a description", () => {
    const names = (doc.tags ?? []).map((tag) => tag.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(OPENAPI_TAGS.map((tag) => tag.name));
    for (const tag of doc.tags ?? []) expect(tag.description, tag.name).toBeTruthy();
  });

  it("gives every operation a unique camelCase operationId, a summary, a description and a declared tag", () => {
    const declared = new Set((doc.tags ?? []).map((tag) => tag.name));
    const problems: string[] = [];
    const ids = new Map<string, string>();
    for (const { name, operation } of operations()) {
      const id = operation.operationId;
      if (!id) problems.push(`${name}: no operationId`);
      else if (!/^[a-z][a-zA-Z0-9]*$/.test(id)) problems.push(`${name}: operationId ${id} is not camelCase`);
      else if (ids.has(id)) problems.push(`${name}: operationId ${id} is also ${ids.get(id)}'s`);
      else ids.set(id, name);
      if (!operation.summary?.trim()) problems.push(`${name}: no summary`);
      if (!operation.description?.trim()) problems.push(`${name}: no description`);
      if (!operation.tags?.length) problems.push(`${name}: no tag`);
      for (const tag of operation.tags ?? []) {
        if (!declared.has(tag))
          problems.push(`${name}: tag "${tag}" is not in OPENAPI_TAGS (plugins/openapi.ts)`);
      }
    }
    expect(problems).toEqual([]);
    expect(ids.size).toBeGreaterThan(50);
  });

  it("documents a success and the client errors of every operation", () => {
    const problems: string[] = [];
    for (const { name, operation } of operations()) {
      const statuses = Object.keys(operation.responses ?? {});
      if (!statuses.some((s) => s.startsWith("2"))) problems.push(`${name}: no 2xx response`);
      // Only an operation without any input or session (the health check) cannot refuse a request.
      const takesInput =
        (operation.parameters?.length ?? 0) > 0 ||
        operation.requestBody !== undefined ||
        (operation.security?.length ?? 0) > 0;
      if (takesInput && !statuses.some((s) => s.startsWith("4"))) problems.push(`${name}: no 4xx response`);
    }
    expect(problems).toEqual([]);
  });

  it("declares the statuses any request can get: 429, 431 and 500 everywhere, 413 and 415 with a body", () => {
    const missing: string[] = [];
    for (const { name, operation } of operations()) {
      const statuses = Object.keys(operation.responses ?? {});
      const wanted = ["429", "431", "500", ...(/^(POST|PUT|PATCH|DELETE) /.test(name) ? ["413", "415"] : [])];
      for (const status of wanted) if (!statuses.includes(status)) missing.push(`${name} ${status}`);
    }
    expect(missing).toEqual([]);
  });

  it("declares 400 wherever input can be malformed, and 401 wherever a session is needed", () => {
    // A path parameter can hold a broken %-escape or fail its schema, a query can fail its schema, and a
    // body can be broken JSON even where the route reads none: each is a 400 in the error body. Left
    // undeclared, a fuzz of the document finds it off the contract (enforce mode answers 500 instead).
    const missing: string[] = [];
    for (const { name, operation } of operations()) {
      const statuses = Object.keys(operation.responses ?? {});
      const malformable = (operation.parameters?.length ?? 0) > 0 || /^(POST|PUT|PATCH) /.test(name);
      if (malformable && !statuses.includes("400")) missing.push(`${name} 400`);
      if ((operation.security?.length ?? 0) > 0 && !statuses.includes("401")) missing.push(`${name} 401`);
    }
    expect(missing).toEqual([]);
  });

  it("answers an over-large body 413 in the declared error shape", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.co", password: "x".repeat(200_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(Object.keys(res.json())).toEqual(["error"]);
    expect(res.json().error.code).toEqual(expect.any(String));
  });

  it("refuses an over-long path parameter in the API's words, without echoing the URL", async () => {
    const long = "a".repeat(5000);
    const res = await t.app.inject({ url: `/api/payment/${long}` });
    expect([400, 401]).toContain(res.statusCode);
    expect(Object.keys(res.json())).toEqual(["error"]);
    expect(res.body).not.toContain(long.slice(0, 200));
  });

  it("describes the routes that do not speak JSON with their real content types", () => {
    const invoice = doc.paths["/api/student/payments/{id}/invoice.pdf"]?.get?.responses ?? {};
    expect(invoice["200"]).toMatchObject({
      content: { "application/pdf": { schema: { format: "binary" } } },
    });
    expect(invoice["404"]).toMatchObject({ content: { "application/json": {} } });
    const feed = doc.paths["/api/calendar/{token}.ics"]?.get?.responses ?? {};
    expect(Object.keys((feed["200"] as { content: object }).content)).toEqual(["text/calendar"]);
    const webhook = doc.paths["/api/payment/webhook/stripe"]?.post;
    expect(webhook?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: "header", name: "stripe-signature" })]),
    );
  });

  it("lists null among an enum's values where the field may be null, as OpenAPI 3.0 requires", () => {
    const schema = JSON.stringify(doc.paths["/api/admin/bookings"]?.get?.responses?.["200"]);
    expect(schema).toContain(
      '"cancelledBy":{"nullable":true,"type":"string","enum":["STUDENT","INSTRUCTOR","ADMIN",null]}',
    );
  });

  it("marks a body optional only where the route takes none", () => {
    const body = (path: string) =>
      doc.paths[path]?.post?.requestBody as { required: boolean; content: object };
    expect(body("/api/instructor/calendar-token")).toMatchObject({
      required: false,
      content: { "application/json": { schema: { type: "object", additionalProperties: false } } },
    });
    expect(body("/api/auth/logout").required).toBe(false);
    expect(body("/api/auth/login").required).toBe(true);
  });
});
