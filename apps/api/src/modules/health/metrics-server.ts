/**
 * The metrics listener: GET /metrics in Prometheus' text format on its own port, nothing else. HEAD
 * answers too (headers only), for probes that check the endpoint is up without collecting.
 */
import { createServer, type Server } from "node:http";
import type { Metrics } from "./metrics.ts";

export async function serveMetrics(metrics: Metrics, host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const head = request.method === "HEAD";
    if ((request.method !== "GET" && !head) || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found: metrics are at /metrics\n");
      return;
    }
    if (head) {
      response.writeHead(200, { "content-type": metrics.registry.contentType }).end();
      return;
    }
    metrics.registry.metrics().then(
      (body) => response.writeHead(200, { "content-type": metrics.registry.contentType }).end(body),
      () => response.writeHead(500, { "content-type": "text/plain" }).end("Metrics could not be collected\n"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return server;
}
