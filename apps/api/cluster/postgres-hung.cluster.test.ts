import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studentPayload } from "../src/test/http.ts";
import { scaled } from "../src/test/time-scale.ts";
import { call, replicaEnv, startTestCluster, waitForHealthy } from "./cluster-fixture.ts";
import { createOwnPostgres } from "./own-postgres.ts";

/** A frozen database host (SIGSTOP on every PostgreSQL process): open connections, no answers. */
describe("PostgreSQL hung, not down", () => {
  let postgres: Awaited<ReturnType<typeof createOwnPostgres>>;
  let cluster: Awaited<ReturnType<typeof startTestCluster>>;
  beforeAll(async () => {
    postgres = await createOwnPostgres();
    // No demo data: one registered student is all this needs, and seeding would take most of the run.
    cluster = await startTestCluster(replicaEnv({ DATABASE_URL: postgres.url, SEED_DEMO_DATA: "false" }), 1);
  }, scaled(90_000));
  afterAll(async () => {
    postgres?.thaw();
    await cluster?.stop();
    postgres?.destroy();
  });

  it(
    "answers 503 within seconds, not after half a minute, and recovers by itself",
    async () => {
      const registered = await call(cluster.url, "POST", "/api/auth/register/student", {
        body: studentPayload(),
      });
      const password = studentPayload().password;
      expect(registered.status).toBe(201);
      const email = (registered.body as { user: { email: string } }).user.email;
      // Pooled connections exist (the requests below reuse them) when the host freezes.
      for (let i = 0; i < 5; i++) {
        const login = await call(cluster.url, "POST", "/api/auth/login", {
          body: { email, password },
        });
        expect(login.status).toBe(200);
      }
      postgres.freeze();
      try {
        const started = Date.now();
        const answers = await Promise.all(
          Array.from({ length: 4 }, () =>
            call(cluster.url, "POST", "/api/auth/login", {
              body: { email, password },
              timeoutMs: scaled(20_000),
            }),
          ),
        );
        const health = await call(cluster.url, "GET", "/api/health", { timeoutMs: scaled(20_000) });
        const took = Date.now() - started;
        for (const answer of answers) {
          expect(answer.status).toBe(503);
          expect((answer.body as { error: { code: string } }).error.code).toBe("service_unavailable");
        }
        // Within the query timeout (5 s) or the connect timeout (5 s), with room for a busy machine.
        expect(took).toBeLessThan(12_000);
        // The balancer has taken the replica out (its health says db: down) or passes its 503 on.
        expect([503]).toContain(health.status);
      } finally {
        postgres.thaw();
      }
      await waitForHealthy(`${cluster.url}/api/health`, scaled(20_000));
      await sleep(500);
      const again = await call(cluster.url, "POST", "/api/auth/login", {
        body: { email, password },
      });
      expect(again.status).toBe(200);
    },
    scaled(60_000),
  );
});
