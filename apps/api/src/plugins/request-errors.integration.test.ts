import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/** Sends raw bytes to the listening app and reads the answer until the server closes the connection. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.on("error", reject);
    socket.write(request);
  });
}

const bodyOf = (response: string) => JSON.parse(response.slice(response.indexOf("\r\n\r\n") + 4));

// Requests refused before any route runs still get the API's one error shape.
describe("requests refused before routing", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp("pglite");
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it("answers an over-long URL with 431 and the error body, over a real socket", async () => {
    const url = `/api/student/instructors?suburb=${"a".repeat(20_000)}`;
    const response = await rawRequest(port, `GET ${url} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(response.split("\r\n")[0]).toBe("HTTP/1.1 431 Request Header Fields Too Large");
    expect(response).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
    expect(bodyOf(response)).toEqual({
      error: { code: "headers_too_large", message: expect.stringMatching(/too large .*shorten the URL/) },
    });

    // fetch sees the same answer, and the server keeps serving afterwards.
    const res = await fetch(`http://127.0.0.1:${port}${url}`);
    expect(res.status).toBe(431);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("headers_too_large");
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });

  it("answers broken HTTP with 400 and the error body", async () => {
    const response = await rawRequest(port, "NOT HTTP AT ALL\r\n\r\n");
    expect(response.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    expect(bodyOf(response)).toEqual({
      error: { code: "bad_request", message: "The request is not valid HTTP" },
    });
  });

  it("answers a path with a broken %-escape in the error body, without echoing the URL", async () => {
    for (const url of [
      "/api/%E0%A4%A",
      "/api/admin/users/%E0%A4%A?echo=marker",
      "/api/guardian/invitations/secret-token-marker%E0%A4%A",
      "/%zz",
    ]) {
      const response = await rawRequest(
        port,
        `GET ${url} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      // Refused before authentication as malformed, not 401 nor Fastify's own body.
      expect(response.split("\r\n")[0], url).toBe("HTTP/1.1 400 Bad Request");
      expect(response).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
      expect(bodyOf(response)).toEqual({
        error: { code: "bad_request", message: "The URL's path holds a broken %-escape" },
      });
      for (const echo of ["%E0", "%zz", "marker", "FST_ERR"]) expect(response, url).not.toContain(echo);
    }
  });

  it("says what is wrong with a body holding __proto__ or constructor.prototype keys", async () => {
    for (const payload of [
      '{"email":"a@b.co","password":"x","__proto__":{"isAdmin":true}}',
      '{"email":"a@b.co","password":"x","constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "application/json; charset=utf-8" },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: "bad_request",
          message: "The request body may not contain a __proto__ or constructor.prototype key",
        },
      });
    }
    // Broken JSON is still called that.
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"email":',
    });
    expect(broken.json().error.message).toBe("The request body is not valid JSON");
  });
});
