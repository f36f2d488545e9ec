import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadEnv } from "../env.ts";
import { createTestDatabase, NO_BACKGROUND_JOBS, type TestDatabase } from "../test/test-app.ts";

/** Services log through the app's logger (ctx.log is app.log), which is not the request's. */
describe("the request id in every log line", () => {
  const lines: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), "kerb-request-context-"));
  let db: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDatabase("pglite");
    app = await buildApp({
      env: loadEnv({
        NODE_ENV: "test",
        LOG_LEVEL: "info",
        DATA_DIR: dataDir,
        JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
        ...NO_BACKGROUND_JOBS,
      }),
      database: db.handle,
      logStream: { write: (line) => void lines.push(line) },
    });
    // A service's work: a parsed body, a query and a timer before it logs, as a real one would.
    app.post<{ Body: { label: string; waitMs: number } }>("/test/service-work", async (request) => {
      await db.handle.db.execute(sql`select 1`);
      await sleep(request.body.waitMs);
      app.log.info({ label: request.body.label }, "service did its work");
      return { reqId: request.id };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const work = (label: string, waitMs: number) =>
    app.inject({ method: "POST", url: "/test/service-work", payload: { label, waitMs } });

  it("carries the id of the request being served, even with requests overlapping", async () => {
    // The first waits longest, so its line is written while the second is being served.
    const [slow, fast] = await Promise.all([work("slow", 150), work("fast", 0)]);
    const ids = { slow: slow.json().reqId, fast: fast.json().reqId };
    expect(ids.slow).not.toBe(ids.fast);
    for (const label of ["slow", "fast"] as const) {
      const line = parsed().find((l) => l.msg === "service did its work" && l.label === label);
      expect(line?.reqId).toBe(ids[label]);
    }
  });

  it("leaves lines outside every request without one, and writes it once on the request's own lines", async () => {
    app.log.info("no request here");
    expect(parsed().find((l) => l.msg === "no request here")).not.toHaveProperty("reqId");
    const fastifyLines = lines.filter((line) => line.includes('"msg":"request completed"'));
    expect(fastifyLines.length).toBeGreaterThan(0);
    for (const line of fastifyLines) expect(line.match(/"reqId"/g)).toHaveLength(1);
  });
});
