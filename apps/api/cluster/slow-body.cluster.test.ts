import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../src/test/time-scale.ts";
import { createClusterDatabase, replicaEnv, startTestCluster } from "./cluster-fixture.ts";

/** A trickled body through HAProxy: the balancer's 10 s request timeout covers the body too. */
describe("a slow body through the load balancer", () => {
  let db: Awaited<ReturnType<typeof createClusterDatabase>>;
  let cluster: Awaited<ReturnType<typeof startTestCluster>>;
  beforeAll(async () => {
    db = await createClusterDatabase();
    cluster = await startTestCluster(replicaEnv({ DATABASE_URL: db.url }), 1);
  }, scaled(60_000));
  afterAll(async () => {
    await cluster?.stop();
    await db?.drop();
  });

  it(
    "is answered 408 in the API's error shape and closed within the request timeout",
    async () => {
      const { hostname, port } = new URL(cluster.url);
      const socket = connect({ host: hostname, port: Number(port) });
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString("utf8");
      });
      const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now())));
      let done = false;
      void closed.then(() => {
        done = true;
      });
      const sentAt = Date.now();
      socket.write(
        "POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
      );
      for (let i = 0; i < 100 && !done; i++) {
        socket.write("{");
        await sleep(250);
      }
      const closedAt = await closed;
      expect(closedAt - sentAt).toBeLessThan(13_000);
      expect(text).toMatch(/^HTTP\/1\.[01] 408 /);
      expect(text).toContain('"code":"request_timeout"');
    },
    scaled(30_000),
  );
});
