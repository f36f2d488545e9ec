/**
 * Starting Kerb as several API replicas behind HAProxy: used by `npm run cluster` (scripts/cluster.mjs)
 * and by the cluster tests (apps/api/cluster), so the tests prove the very setup people run.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** A port nothing listens on right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const jsonError = (status, reason, code, message) => {
  const body = JSON.stringify({ error: { code, message } });
  return (
    `HTTP/1.0 ${status} ${reason}\r\nContent-Type: application/json\r\nCache-Control: no-store\r\n` +
    `Connection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
};

/** The load balancer's own answers, in the API's error shape, so a client never meets an HTML page. */
export const LOAD_BALANCER_ERRORS = {
  408: jsonError(408, "Request Timeout", "request_timeout", "The request took too long to arrive"),
  502: jsonError(
    502,
    "Bad Gateway",
    "service_unavailable",
    "The server went away while answering. Please try again.",
  ),
  503: jsonError(
    503,
    "Service Unavailable",
    "service_unavailable",
    "No Kerb server is available. Please try again in a moment.",
  ),
  504: jsonError(
    504,
    "Gateway Timeout",
    "service_unavailable",
    "The server took too long to answer. Please try again.",
  ),
};

/**
 * HAProxy's configuration. Choices, each for a reason:
 * - round robin over replicas checked every second on /api/health; a replica is taken out when it does
 *   not answer or says it is draining (SIGTERM), and put back after two good checks. A replica answering
 *   "db: down" stays in: every replica shares the one database, and its quick 503 JSON is the right
 *   answer, better than the balancer's "no server".
 * - `observe layer4` marks a replica down on its first refused connection (a crash), without waiting for
 *   the next check.
 * - retries, redispatched to another replica: any request whose connection failed (it never reached a
 *   replica, so it is safe to send elsewhere), and a GET, HEAD or OPTIONS whose replica died or went
 *   silent before answering (reading twice changes nothing). A request that reached a replica and may
 *   change something (a POST being booked) is never replayed, or a booking or payment could be made twice.
 * - X-Kerb-Replica names the replica that answered (replica responses only, never the balancer's own).
 * - `option http-buffer-request`: the whole request, body included, must arrive within
 *   `timeout http-request`, so a trickled or stalled body is answered 408 and closed instead of holding
 *   a connection (and a replica's socket) for the client timeout.
 */
export function haproxyConfig({ port, host = "127.0.0.1", replicas, errorFiles }) {
  const servers = replicas
    .map(({ id, port: replicaPort }) => `  server ${id} 127.0.0.1:${replicaPort} check`)
    .join("\n");
  const errors = Object.entries(errorFiles)
    .map(([status, file]) => `  errorfile ${status} ${file}`)
    .join("\n");
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 1s
  timeout client 60s
  timeout server 60s
  timeout queue 10s
  timeout http-request 10s
  timeout http-keep-alive 10s
  option http-buffer-request
  retries 3
  retry-on conn-failure empty-response response-timeout
  option redispatch 1
${errors}

frontend kerb
  bind ${host}:${port}
  option forwardfor
  # Beyond a connection failure, only reads are retried (see retry-on above).
  http-request disable-l7-retry unless METH_GET || METH_OPTIONS
  default_backend replicas

backend replicas
  balance roundrobin
  option httpchk
  http-check send meth GET uri /api/health
  http-check expect ! rstring draining
  http-response set-header X-Kerb-Replica %s
  default-server inter 1s fastinter 500ms fall 2 rise 2 observe layer4 error-limit 1 on-error mark-down
${servers}
`;
}

/** Resolves once `url` answers 200, or rejects after `timeoutMs`. */
export async function waitForHealthy(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not become healthy within ${timeoutMs} ms`);
    await sleep(200);
  }
}

function exitOf(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode ?? child.signalCode);
    else child.once("exit", (code, signal) => resolve(code ?? signal));
  });
}

/**
 * One replica: `node <serverPath>` on its own port with the shared environment. `output` receives its
 * log lines ("inherit" passes them through).
 */
export function startReplica({ id, port, env, serverPath, output = "ignore" }) {
  const child = spawn(process.execPath, [serverPath], {
    env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", output, output],
  });
  const exited = exitOf(child);
  return {
    id,
    port,
    child,
    exited,
    /** A graceful stop (drain, then exit); resolves with the exit code. */
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * N replicas plus HAProxy in front on `port`. Resolves when every replica and the balancer answer
 * /api/health. `stop()` stops them all (replicas drain first).
 */
export async function startCluster({
  replicas = 3,
  port,
  host = "127.0.0.1",
  env,
  serverPath,
  output = "ignore",
  haproxyBin = "haproxy",
  startTimeoutMs = 60_000,
}) {
  const workDir = mkdtempSync(join(tmpdir(), "kerb-cluster-"));
  const errorFiles = {};
  for (const [status, response] of Object.entries(LOAD_BALANCER_ERRORS)) {
    errorFiles[status] = join(workDir, `${status}.http`);
    writeFileSync(errorFiles[status], response);
  }
  const started = [];
  for (let i = 1; i <= replicas; i++) {
    started.push(startReplica({ id: `r${i}`, port: await freePort(), env, serverPath, output }));
  }
  const configFile = join(workDir, "haproxy.cfg");
  writeFileSync(configFile, haproxyConfig({ port, host, replicas: started, errorFiles }));
  let haproxy;
  let haproxyExited = Promise.resolve();

  async function stop() {
    await Promise.all(started.map((r) => r.stop()));
    if (haproxy && haproxy.exitCode === null && haproxy.signalCode === null) haproxy.kill("SIGTERM");
    await haproxyExited;
    rmSync(workDir, { recursive: true, force: true });
  }

  let starting = true;
  const diedWhileStarting = (what) => (code) => {
    if (starting) throw new Error(`${what} exited with ${code} while starting`);
  };
  try {
    // Replicas first, so the balancer's first checks find them up.
    await Promise.race([
      Promise.all(
        started.map((r) => waitForHealthy(`http://127.0.0.1:${r.port}/api/health`, startTimeoutMs)),
      ),
      ...started.map((r) => r.exited.then(diedWhileStarting(`replica ${r.id}`))),
    ]);
    haproxy = spawn(haproxyBin, ["-db", "-f", configFile], { stdio: ["ignore", output, output] });
    haproxyExited = exitOf(haproxy);
    await Promise.race([
      waitForHealthy(`http://${host}:${port}/api/health`, startTimeoutMs),
      haproxyExited.then(diedWhileStarting("haproxy")),
    ]);
  } catch (error) {
    await stop();
    throw error;
  } finally {
    starting = false;
  }
  return { url: `http://${host}:${port}`, replicas: started, haproxy, haproxyExited, configFile, stop };
}
