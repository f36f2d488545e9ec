/**
 * Booking throughput (`npm run bench:bookings`, PostgreSQL only: BENCH_DATABASE_URL).
 *
 * Distinct students book distinct free slots at once, the way a busy evening looks, beside
 * GET /api/health from the same run, in two phases on fresh students and slots:
 * - held: POST /api/student/bookings/batch answered 201, so the slot is taken (the exclusion
 *   constraints have admitted it) and an invoice is open: the booking step itself;
 * - confirmed: the same, then the demo-mode confirm, so the lesson is SCHEDULED with a captured
 *   payment, a ledger journal and two emails in the outbox: what the student sees as
 *   "Bookings confirmed successfully!";
 * - credits: students with a bundle (written by SQL beforehand) spend one credit each,
 *   POST /api/student/bundles/:id/bookings answered 201: the lesson is SCHEDULED at once;
 * - rescheduled: the lessons of the two phases before (those more than a day ahead) move to another
 *   free hour of their instructor, POST /api/student/bookings/:id/reschedule answered 200.
 * The three ways of placing a lesson share planLessons() and the exclusion constraints, so the phases
 * compare them on one footing. Afterwards SQL checks that the database holds exactly what the API
 * answered for, and that no two active lessons of one instructor or one student overlap (must be 0).
 *
 * Environment: BENCH_DATABASE_URL (required, a throwaway database), BENCH_DURATION seconds per phase
 * (10), BENCH_CONNECTIONS concurrent students (50), BENCH_POOL_SIZE the server's pool (20),
 * BENCH_REPLICAS API processes behind HAProxy (1), BENCH_PHASES which phases to run, in order
 * (held,confirmed,credits,rescheduled; rescheduled moves the lessons of confirmed and credits).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
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
  studentTokenSigner,
} from "./lib.mjs";

const SUBURB = "Liverpool";
const INSTRUCTORS = 100;
const STUDENTS = 20_000;
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const databaseUrl = process.env.BENCH_DATABASE_URL;
// BENCH_REPLICAS=N (>1) runs N API processes behind HAProxy (scripts/cluster), as `npm run cluster` does.
const replicas = Number(process.env.BENCH_REPLICAS ?? 1);
const phaseNames = (process.env.BENCH_PHASES ?? "held,confirmed,credits,rescheduled").split(",");
/** Bundles written before the credits phase: more than it can spend in its time on this machine. */
const CREDIT_JOBS = 6000;
const DAY_MS = 86_400_000;

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
    const tokenOf = studentTokenSigner(jwtSecret);
    const tokens = await Promise.all(students.map((s) => tokenOf(s.id)));
    const slots = await openSlots(server.base, tokens[0]);
    console.log(
      `${replicas} API process(es); seeded ${INSTRUCTORS} instructors, ${students.length} students; ${slots.length} open slots`,
    );

    const health = await measure(server.base, { path: "/api/health" }, durationSeconds, connections);

    // One job per (student, slot): nobody books twice and no slot is asked for twice, across the phases.
    const jobs = slots
      .slice(0, tokens.length)
      .map((slot, i) => ({ slot, token: tokens[i], studentId: students[i].id }));
    let next = 0;
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

    /**
     * `connections` workers for `durationSeconds`, each taking the next job (`nextJob`, undefined
     * when there are no more) and running `step` on it (true: done); `countInDatabase` then counts
     * what the database holds for the jobs done.
     */
    async function phase(name, nextJob, step, countInDatabase) {
      const statuses = {};
      const count = (status) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
      };
      const done = [];
      const latencies = [];
      const deadline = Date.now() + durationSeconds * 1000;
      async function worker() {
        while (Date.now() < deadline) {
          const job = nextJob();
          if (!job) return;
          const t0 = performance.now();
          if (!(await step(job, count))) continue;
          done.push(job);
          latencies.push(performance.now() - t0);
        }
      }
      const t0 = Date.now();
      await Promise.all(Array.from({ length: connections }, worker));
      const seconds = (Date.now() - t0) / 1000;
      const found = done.length === 0 ? 0 : await countInDatabase(done);
      latencies.sort((a, b) => a - b);
      const pct = (p) =>
        Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
      return {
        name,
        done: latencies.length,
        seconds,
        perSecond: latencies.length / seconds,
        p50Ms: pct(0.5),
        p99Ms: pct(0.99),
        meanMs: latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length),
        statuses,
        inDatabase: found,
        jobs: done,
      };
    }
    const idList = (ids) => ids.map((id) => `'${id}'`).join(",");
    const countRows = async (sql) => (await client.query(sql))[0].found;

    /** Holds the job's slot (POST /batch), and with `pay` confirms it: one card checkout. */
    const cardStep = (pay) => async (job, count) => {
      const { slot, token } = job;
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
      if (held.status !== 201) return false;
      if (!pay) return true;
      const paid = await post(`/api/student/bookings/batch/confirm/${held.json().payment.id}`, token);
      count(`confirm ${paid.status}`);
      if (paid.status !== 200) return false;
      job.lessonId = paid.json().payment.lessons[0].id;
      return true;
    };
    const from = (queue) => {
      let i = 0;
      return () => queue[i++];
    };
    /** Free hours left for the reschedules: every slot no phase has booked. */
    const unbooked = [];

    const results = {};
    for (const name of phaseNames) {
      if (name === "held" || name === "confirmed") {
        const pay = name === "confirmed";
        results[name] = await phase(
          pay ? "confirmed bookings (hold + pay)" : "held bookings (POST /batch 201)",
          () => jobs[next++],
          cardStep(pay),
          (done) =>
            countRows(`select count(*)::int as found from bookings
              where status = '${pay ? "SCHEDULED" : "PENDING_PAYMENT"}'
                and student_id in (${idList(done.map((j) => j.studentId))})`),
        );
      } else if (name === "credits") {
        // A paid bundle of 10 lessons with the slot's instructor for each student, written by SQL.
        const queue = jobs.slice(next, next + CREDIT_JOBS);
        next += queue.length;
        const rows = await client.query(`
          with pairs(student_id, instructor_id, n) as (values ${queue
            .map((j, i) => `('${j.studentId}'::uuid, '${j.slot.instructorId}'::uuid, ${i})`)
            .join(",")}),
          paid as (
            insert into payments (user_id, type, status, provider, subtotal_cents, gst_cents, amount_cents,
              invoice_number, paid_at)
            select student_id, 'BUNDLE', 'PAID', 'demo', 70000, 7000, 77000, 'KRB-BENCH-' || n, now() from pairs
            returning id, user_id)
          insert into bundles (student_id, instructor_id, payment_id, total_lessons, used_lessons,
            price_per_lesson_cents, suburb, expires_at)
          select pairs.student_id, pairs.instructor_id, paid.id, 10, 0, 7000, '${SUBURB}', now() + interval '365 days'
          from paid join pairs on pairs.student_id = paid.user_id
          returning id, student_id`);
        const bundleOf = new Map(rows.map((r) => [r.student_id, r.id]));
        for (const job of queue) job.bundleId = bundleOf.get(job.studentId);
        results.credits = await phase(
          "credit lessons (bundle spend 201)",
          from(queue),
          async (job, count) => {
            const res = await post(`/api/student/bundles/${job.bundleId}/bookings`, job.token, {
              bookings: [{ startTime: job.slot.startTime, endTime: job.slot.endTime }],
            });
            count(`spend ${res.status}`);
            if (res.status !== 201) return false;
            job.lessonId = res.json().bookings[0].id;
            return true;
          },
          (done) =>
            countRows(`select count(*)::int as found from bookings where status = 'SCHEDULED'
              and bundle_id in (${idList(done.map((j) => j.bundleId))})`),
        );
        // The slots of bundles not reached in time stay free, for the reschedules.
        const spent = new Set(results.credits.jobs);
        unbooked.push(...queue.filter((j) => !spent.has(j)).map((j) => j.slot));
      } else if (name === "rescheduled") {
        // Lessons booked by the phases before, more than a day ahead, each to a free hour of its instructor.
        const dayAhead = Date.now() + DAY_MS + 3_600_000;
        const free = new Map();
        for (const slot of [...unbooked, ...jobs.slice(next).map((j) => j.slot)]) {
          const list = free.get(slot.instructorId) ?? [];
          list.push(slot);
          free.set(slot.instructorId, list);
        }
        const queue = [];
        for (const job of [...(results.confirmed?.jobs ?? []), ...(results.credits?.jobs ?? [])]) {
          if (new Date(job.slot.startTime).getTime() < dayAhead) continue;
          const target = free.get(job.slot.instructorId)?.pop();
          if (target) queue.push({ ...job, target });
        }
        results.rescheduled = await phase(
          "rescheduled lessons (move 200)",
          from(queue),
          async (job, count) => {
            const res = await post(`/api/student/bookings/${job.lessonId}/reschedule`, job.token, {
              startTime: job.target.startTime,
              endTime: job.target.endTime,
            });
            count(`reschedule ${res.status}`);
            return res.status === 200;
          },
          (done) =>
            countRows(`select count(*)::int as found from bookings b
              join (values ${done.map((j) => `('${j.lessonId}'::uuid, '${j.target.startTime}'::timestamptz)`).join(",")})
                as moved(id, start_time) on moved.id = b.id and moved.start_time = b.start_time
              where b.status = 'SCHEDULED'`),
        );
      } else {
        throw new Error(`unknown phase ${name} (BENCH_PHASES: held, confirmed, credits, rescheduled)`);
      }
    }
    agent.destroy();
    // The report keeps the figures, not the jobs.
    const ran = Object.values(results).map(({ jobs: _jobs, ...figures }) => figures);

    const [{ overlaps }] = await client.query(`
      select count(*)::int as overlaps from bookings a join bookings b on a.id < b.id
        and (a.instructor_id = b.instructor_id or a.student_id = b.student_id)
        and a.status in ('SCHEDULED', 'PENDING_PAYMENT') and b.status in ('SCHEDULED', 'PENDING_PAYMENT')
        and tstzrange(a.start_time, a.end_time) && tstzrange(b.start_time, b.end_time)`);
    await client.close();

    const countOf = (statuses, test) =>
      Object.entries(statuses)
        .filter(([k]) => test.test(k))
        .reduce((n, [, v]) => n + v, 0);
    printTable([
      { name: "GET /api/health", ...health, ratioVsHealth: 1, errors: health.errors },
      ...ran.map((r) => ({
        name: r.name,
        requestsPerSecond: r.perSecond,
        latencyMs: { p50: r.p50Ms },
        p99Ms: r.p99Ms,
        meanMs: r.meanMs,
        ratioVsHealth: r.perSecond / health.requestsPerSecond,
        non2xx: countOf(r.statuses, / (?!20\d$)\d+$/),
        errors: 0,
      })),
    ]);
    for (const r of ran) {
      console.log(
        `\n${r.name}: ${r.done} in ${r.seconds.toFixed(1)} s = ${r.perSecond.toFixed(0)}/s; status codes ${JSON.stringify(r.statuses)}; in the database afterwards: ${r.inDatabase}`,
      );
    }
    console.log(`overlapping active lessons (same instructor or same student): ${overlaps}`);
    const figures = Object.fromEntries(Object.keys(results).map((name, i) => [name, ran[i]]));
    const report = {
      generatedAt: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      connections,
      durationSeconds,
      replicas,
      health: { requestsPerSecond: health.requestsPerSecond, p99Ms: health.p99Ms },
      // `held` and `paid` as before; `credits` and `rescheduled` when those phases ran.
      held: figures.held,
      paid: figures.confirmed,
      credits: figures.credits,
      rescheduled: figures.rescheduled,
      sql: { overlaps },
      totalSeconds: Math.round((Date.now() - started) / 1000),
    };
    mkdirSync(join(root, "bench/results"), { recursive: true });
    writeFileSync(join(root, "bench/results/bookings.json"), `${JSON.stringify(report, null, 2)}\n`);
    const fiveXX = ran.reduce((n, r) => n + countOf(r.statuses, / 5\d\d$/), 0);
    if (overlaps !== 0 || fiveXX !== 0 || ran.some((r) => r.inDatabase !== r.done)) {
      throw new Error(
        `inconsistent: ${overlaps} overlaps, ${fiveXX} 5xx, database disagrees with the answers`,
      );
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
