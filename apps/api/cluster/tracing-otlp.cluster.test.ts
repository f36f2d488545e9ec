import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaled } from "../src/test/time-scale.ts";
import {
  createClusterDatabase,
  freePort,
  replicaEnv,
  SERVER_PATH,
  waitForHealthy,
} from "./cluster-fixture.ts";

/** The parts of an OTLP/JSON span the assertions read. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
  service?: string;
}

const SERVER = 2;
const attribute = (span: ReceivedSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

/**
 * The production build with OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP receiver in this
 * process, on PostgreSQL: a request's server span and its queries' spans arrive as one trace.
 */
describe("OpenTelemetry tracing to an OTLP endpoint", () => {
  let db: Awaited<ReturnType<typeof createClusterDatabase>>;
  let receiver: Server;
  let server: ChildProcess;
  let exited: Promise<number | null>;
  let output = "";
  let reviewsStatus = 0;
  const spans: ReceivedSpan[] = [];
  const instructorId = randomUUID();
  const CALENDAR_TOKEN = "calendar-secret-token-0123456789";

  beforeAll(async () => {
    db = await createClusterDatabase();
    receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        if (req.url === "/v1/traces" && req.headers["content-type"] === "application/json") {
          const request = JSON.parse(body) as {
            resourceSpans: {
              resource: { attributes: ReceivedSpan["attributes"] };
              scopeSpans: { spans: ReceivedSpan[] }[];
            }[];
          };
          for (const { resource, scopeSpans } of request.resourceSpans) {
            const service = resource.attributes.find((a) => a.key === "service.name")?.value.stringValue;
            for (const scope of scopeSpans) {
              for (const span of scope.spans) spans.push({ ...span, service: service as string });
            }
          }
        }
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const port = await freePort();
    server = spawn(process.execPath, [SERVER_PATH], {
      env: replicaEnv({
        DATABASE_URL: db.url,
        PORT: String(port),
        HOST: "127.0.0.1",
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        // The route reads the database whether or not anything is in it: seeding would only be slower.
        SEED_DEMO_DATA: "false",
        // Nothing is sent on a timer during the test: every span must come from the shutdown's flush.
        OTEL_BSP_SCHEDULE_DELAY: "600000",
      }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    server.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    exited = new Promise((resolve) => server.on("exit", (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    await waitForHealthy(`${base}/api/health`, scaled(60_000)).catch((error: unknown) => {
      throw new Error(`the server did not start: ${String(error)}\n${output}`);
    });
    // An unknown instructor: the route still asks the database, and answers 404.
    reviewsStatus = (await fetch(`${base}/api/instructors/${instructorId}/reviews`)).status;
    expect(reviewsStatus, output).toBe(404);
    // A calendar feed's path is its secret: it must not reach the traces any more than the logs.
    await fetch(`${base}/api/calendar/${CALENDAR_TOKEN}.ics?search=someone%40example.com`);
    server.kill("SIGTERM");
    expect(await exited, output).toBe(0);
  }, scaled(90_000));
  afterAll(async () => {
    if (server && server.exitCode === null) server.kill("SIGKILL");
    await new Promise((resolve) => receiver?.close(resolve));
    await db?.drop();
  });

  const reviewsSpan = () =>
    spans.find((s) => s.kind === SERVER && s.name === "GET /api/instructors/:id/reviews");

  it("sends the request's server span, named by its route pattern, when the server shuts down", () => {
    const request = reviewsSpan();
    expect(request, JSON.stringify(spans.map((s) => s.name))).toBeDefined();
    expect(request?.service).toBe("kerb-api");
    expect(attribute(request as ReceivedSpan, "http.route")).toBe("/api/instructors/:id/reviews");
    expect(attribute(request as ReceivedSpan, "http.response.status_code")).toBe(reviewsStatus);
    // The load balancer's health probes are not traced.
    expect(spans.filter((s) => s.name.includes("/api/health"))).toEqual([]);
  });

  it("sends the request's queries as child spans in the same trace, without their values", () => {
    const request = reviewsSpan();
    const queries = spans.filter(
      (s) =>
        s.name.startsWith("pg.query") &&
        s.traceId === request?.traceId &&
        attribute(s, "db.system.name") === "postgresql",
    );
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) expect(query.parentSpanId).toBe(request?.spanId);
    const statements = queries.map((q) => String(attribute(q, "db.query.text")));
    expect(statements.some((s) => s.includes('from "users"') && s.includes("$1"))).toBe(true);
    expect(JSON.stringify(queries)).not.toContain(instructorId);
  });

  it("keeps a calendar feed's token and query values out of the span", () => {
    const calendar = spans.find(
      (s) => s.kind === SERVER && attribute(s, "url.path")?.toString().includes("calendar"),
    );
    expect(calendar, JSON.stringify(spans.map((s) => s.name))).toBeDefined();
    expect(attribute(calendar as ReceivedSpan, "url.path")).toBe("/api/calendar/[redacted].ics");
    expect(attribute(calendar as ReceivedSpan, "url.query")).toBe("search=~");
    const everything = JSON.stringify(spans);
    expect(everything).not.toContain(CALENDAR_TOKEN);
    expect(everything).not.toContain("someone");
  });
});
