/**
 * Booking throughput (`npm run bench:bookings`, PostgreSQL only: BENCH_DATABASE_URL).
 *
 * Distinct students book distinct free slots at once, the way a busy evening looks: each books one
 * lesson through the real flow (POST /api/student/bookings/batch, then the demo-mode confirm), so a
 * "confirmed booking" is a held slot, an invoice, a captured payment, a ledger journal and two
 * emails in the outbox. Measured beside GET /api/health from the same run. Afterwards SQL counts the
 * confirmed lessons and any two active lessons of one instructor or one student that overlap (must be 0).
 *
 * Environment: BENCH_DATABASE_URL (required, a throwaway database), BENCH_DURATION seconds (10),
 * BENCH_CONNECTIONS concurrent students (50), BENCH_POOL_SIZE the server's pool (20).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { SignJWT } from "jose";
import { startCluster } from "../scripts/cluster/start-cluster.mjs";
import {
  measure,
  openSeedClient,
  printTable,
  root,
  serverEntry,
  serverEnv,
  startServer,
  stopServer,
} from "./lib.mjs";

const SUBURB = "Liverpool";
const INSTRUCTORS = 100;
const STUDENTS = 20_000;
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const databaseUrl = process.env.BENCH_DATABASE_URL;
// BENCH_REPLICAS=N (>1) runs N API processes behind HAProxy (scripts/cluster), as `npm run cluster` does.
const replicas = Number(process.env.BENCH_REPLICAS ?? 1);
// BENCH_PAY=false stops after the hold (POST /batch answered 201): the booking step alone.
const pay = process.env.BENCH_PAY !== "false";

async function seed(query) {
  await query("begin");
  await query(`
    insert into users (email, password_hash, role, first_name, last_name, phone)
    select 'rush.' || i || '@instructors.kerb.test', 'bench-account-no-login', 'INSTRUCTOR',
           'Rush', 'Instructor' || lpad(i::text, 3, '0'), '0400 100 ' || lpad(i::text, 3, '0')
    from generate_series(1, ${INSTRUCTORS}) as i`);
  // No pool hours for these instructors, so every slot has one price: their standard rate.
  await query(`
    insert into instructor_profiles (user_id, license_number, vehicle_type, standard_rate_cents,
      pool_opt_in, gender, bio, languages, suburbs, verification_status, verified_at,
      license_expires_on, wwc_expires_on)
    select id, 'NSWR' || right(id::text, 6), 'AUTOMATIC', 7000, false, 'FEMALE', 'Evening rush.',
           array['English'], array['${SUBURB}'], 'VERIFIED', now(), current_date + 3650, current_date + 3650
    from users where email like 'rush.%@instructors.kerb.test'`);
  await query(`
    insert into availability_rules (instructor_id, weekday, start_minute, end_minute)
    select u.id, d, 360, 1320 from users u cross join generate_series(0, 6) as d
    where u.email like 'rush.%@instructors.kerb.test'`);
  await query(`
    insert into users (email, password_hash, role, first_name, last_name)
    select 'rush.' || i || '@students.kerb.test', 'bench-account-no-login', 'STUDENT', 'Rush',
           'Learner' || i
    from generate_series(1, ${STUDENTS}) as i`);
  await query(`
    insert into student_profiles (user_id, suburb)
    select id, '${SUBURB}' from users where email like 'rush.%@students.kerb.test'`);
  await query("commit");
  return query(`select id from users where email like 'rush.%@students.kerb.test' order by id`);
}

/** Every open slot of the suburb over the horizon, from the API itself (prices included). */
async function openSlots(base, token) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(new Date());
  const slots = [];
  for (let d = 1; d <= 30; d++) {
    const [y, m, day] = today.split("-").map(Number);
    const date = new Date(Date.UTC(y, m - 1, day + d)).toISOString().slice(0, 10);
    const res = await fetch(`${base}/api/student/slots?suburb=${SUBURB}&startDate=${date}&endDate=${date}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`slots ${date}: ${res.status} ${await res.text()}`);
    for (const s of await res.json()) if (s.instructorName.startsWith("Rush ")) slots.push(s);
  }
  return slots;
}

async function main() {
  if (!databaseUrl) {
    console.error("bench:bookings needs BENCH_DATABASE_URL (a throwaway PostgreSQL database)");
    process.exit(2);
  }
  const started = Date.now();
  const workDir = mkdtempSync(join(tmpdir(), "kerb-bench-bookings-"));
  const env = await serverEnv(workDir, {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? "20",
    SEED_DEMO_DATA: "true",
  });
  const jwtSecret = env.JWT_SECRET;
  const logFile = join(workDir, "server.log");
  // First start: migrations and demo data; then the bench's people, while no server runs.
  let server = await startServer(env, logFile);
  await stopServer(server.child);
  const client = await openSeedClient(databaseUrl);
  const students = await seed(client.query);
  let cluster;
  if (replicas > 1) {
    cluster = await startCluster({
      replicas,
      port: Number(env.PORT),
      env: { ...env, CLUSTER_MODE: "true" },
      serverPath: serverEntry,
    });
    server = { base: cluster.url, child: null };
  } else {
    server = await startServer(env, logFile);
  }
  try {
    const secret = new TextEncoder().encode(jwtSecret);
    const tokenOf = (id) =>
      new SignJWT({ role: "STUDENT", typ: "access", ver: 0 })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(id)
        .setIssuer("kerb-api")
        .setAudience("kerb-web")
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(secret);
    const tokens = await Promise.all(students.map((s) => tokenOf(s.id)));
    const slots = await openSlots(server.base, tokens[0]);
    console.log(
      `${replicas} API process(es); seeded ${INSTRUCTORS} instructors, ${students.length} students; ${slots.length} open slots`,
    );

    const health = await measure(server.base, { path: "/api/health" }, durationSeconds, connections);

    // One job per (student, slot): nobody books twice and no slot is asked for twice.
    const jobs = slots.slice(0, tokens.length).map((slot, i) => ({ slot, token: tokens[i] }));
    let next = 0;
    const statuses = {};
    const count = (status) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
    };
    let confirmed = 0;
    const latencies = [];
    const deadline = Date.now() + durationSeconds * 1000;
    // Plain keep-alive HTTP rather than fetch: the load generator shares the machine's two cores with
    // the server and PostgreSQL, and fetch spends several times more CPU per request.
    const agent = new Agent({ keepAlive: true, maxSockets: connections });
    const post = (path, token, body) =>
      new Promise((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const req = request(
          server.base + path,
          {
            method: "POST",
            agent,
            headers: {
              authorization: `Bearer ${token}`,
              ...(payload === undefined
                ? { "content-length": 0 }
                : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }),
            },
          },
          (res) => {
            const chunks = [];
            res.on("data", (c) => chunks.push(c));
            res.on("end", () =>
              resolve({ status: res.statusCode, json: () => JSON.parse(Buffer.concat(chunks).toString()) }),
            );
            res.on("error", reject);
          },
        );
        req.on("error", reject);
        req.end(payload);
      });
    async function worker() {
      while (Date.now() < deadline && next < jobs.length) {
        const { slot, token } = jobs[next++];
        const t0 = performance.now();
        const held = await post("/api/student/bookings/batch", token, {
          suburb: SUBURB,
          bookings: [
            {
              instructorId: slot.instructorId,
              startTime: slot.startTime,
              endTime: slot.endTime,
              price: slot.price,
              isPoolHours: slot.isPoolHours,
            },
          ],
        });
        count(`batch ${held.status}`);
        const checkout = held.json();
        if (held.status !== 201) continue;
        if (!pay) {
          confirmed++;
          latencies.push(performance.now() - t0);
          continue;
        }
        const paid = await post(`/api/student/bookings/batch/confirm/${checkout.payment.id}`, token);
        count(`confirm ${paid.status}`);
        if (paid.status === 200) {
          confirmed++;
          latencies.push(performance.now() - t0);
        }
      }
    }
    const t0 = Date.now();
    await Promise.all(Array.from({ length: connections }, worker));
    const seconds = (Date.now() - t0) / 1000;
    agent.destroy();

    const [{ overlaps }] = await client.query(`
      select count(*)::int as overlaps from bookings a join bookings b on a.id < b.id
        and (a.instructor_id = b.instructor_id or a.student_id = b.student_id)
        and a.status in ('SCHEDULED', 'PENDING_PAYMENT') and b.status in ('SCHEDULED', 'PENDING_PAYMENT')
        and tstzrange(a.start_time, a.end_time) && tstzrange(b.start_time, b.end_time)`);
    const [{ scheduled }] = await client.query(`
      select count(*)::int as scheduled from bookings
      where status = '${pay ? "SCHEDULED" : "PENDING_PAYMENT"}' and student_id in (select id from users where email like 'rush.%@students.kerb.test')`);
    await client.close();

    latencies.sort((a, b) => a - b);
    const pct = (p) =>
      Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
    const fiveXX = Object.entries(statuses)
      .filter(([k]) => / 5\d\d$/.test(k))
      .reduce((n, [, v]) => n + v, 0);
    const perSecond = confirmed / seconds;
    printTable([
      { name: "GET /api/health", ...health, ratioVsHealth: 1, errors: health.errors },
      {
        name: pay ? "confirmed bookings (hold + pay)" : "held bookings (POST /batch 201)",
        requestsPerSecond: perSecond,
        latencyMs: { p50: pct(0.5) },
        p99Ms: pct(0.99),
        meanMs: latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length),
        ratioVsHealth: perSecond / health.requestsPerSecond,
        non2xx: Object.entries(statuses)
          .filter(([k]) => !/ 20\d$/.test(k))
          .reduce((n, [, v]) => n + v, 0),
        errors: 0,
      },
    ]);
    console.log(`\nstatus codes: ${JSON.stringify(statuses)}`);
    console.log(`confirmed ${confirmed} in ${seconds.toFixed(1)} s = ${perSecond.toFixed(0)}/s`);
    console.log(
      `SQL afterwards: ${scheduled} bench lessons ${pay ? "SCHEDULED" : "held (PENDING_PAYMENT)"}, ${overlaps} overlapping pairs`,
    );
    const report = {
      generatedAt: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      connections,
      durationSeconds,
      replicas,
      pay,
      health: { requestsPerSecond: health.requestsPerSecond, p99Ms: health.p99Ms },
      bookings: { confirmed, seconds, perSecond, p50Ms: pct(0.5), p99Ms: pct(0.99), statuses },
      sql: { scheduled, overlaps },
      totalSeconds: Math.round((Date.now() - started) / 1000),
    };
    mkdirSync(join(root, "bench/results"), { recursive: true });
    writeFileSync(join(root, "bench/results/bookings.json"), `${JSON.stringify(report, null, 2)}\n`);
    if (overlaps !== 0 || fiveXX !== 0 || scheduled !== confirmed) {
      throw new Error(`inconsistent: ${overlaps} overlaps, ${fiveXX} 5xx, ${scheduled} vs ${confirmed}`);
    }
  } finally {
    if (cluster) await cluster.stop();
    else await stopServer(server.child);
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
