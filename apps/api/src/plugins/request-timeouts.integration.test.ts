import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { scaled } from "../test/time-scale.ts";

/** Everything the server writes until it closes the connection, and when it closed. */
function collect(socket: Socket) {
  let text = "";
  socket.on("data", (chunk) => {
    text += chunk.toString("utf8");
  });
  return new Promise<{ text: string; closedAt: number }>((resolve) =>
    socket.on("close", () => resolve({ text, closedAt: Date.now() })),
  );
}

// Socket behaviour, not the database: PGlite only.
describe("slow requests are cut off [pglite]", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp("pglite", { env: { REQUEST_TIMEOUT_SECONDS: "2" } });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const open = () => connect({ host: "127.0.0.1", port });
  const headers = (length: number) =>
    "POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
    `Content-Length: ${length}\r\n\r\n`;

  it("answers 408 in the API's error shape to a body that never comes", async () => {
    const socket = open();
    const closed = collect(socket);
    const sentAt = Date.now();
    socket.write(headers(100));
    const { text, closedAt } = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(text).toContain(
      '{"error":{"code":"request_timeout","message":"The request took too long to arrive"}}',
    );
    expect(closedAt - sentAt).toBeLessThan(scaled(5000));
  });

  it("closes a body trickled a byte at a time, however long the client keeps at it", async () => {
    const socket = open();
    const closed = collect(socket);
    const sentAt = Date.now();
    socket.write(headers(1000));
    let done = false;
    void closed.then(() => {
      done = true;
    });
    for (let i = 0; i < 100 && !done; i++) {
      socket.write("{");
      await sleep(200);
    }
    const { text, closedAt } = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAt - sentAt).toBeLessThan(scaled(5000));
  });

  it("leaves a request that arrives in time alone", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
