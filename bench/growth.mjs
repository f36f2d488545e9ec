/**
 * Growth (`npm run bench:growth`, run with tsx for the suburbs of @kerb/shared): does the calendar stay
 * as fast as the bookings table grows?
 *
 * 500 instructors across the 12 suburbs (each teaches in two), one learner each, then about 1k, 100k
 * and 1M bookings spread over two years (a year back, a year ahead), added level by level with one
 * INSERT … SELECT from generate_series each (no HTTP). After each level the server is started twice,
 * with the cached engine and with the reference engine (AVAILABILITY_CACHE=false), and the 30-day
 * summary and one day's slots of one suburb are measured beside GET /api/health.
 *
 * Environment: BENCH_DATABASE_URL (a throwaway PostgreSQL database; default a temporary PGlite
 * directory), BENCH_DURATION seconds per scenario (5), BENCH_CONNECTIONS (50).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { SUBURBS } from "@kerb/shared";
import {
  measure,
  openSeedClient,
  printTable,
  root,
  serverEnv,
  sleep,
  startServer,
  stopServer,
  summarise,
} from "./lib.mjs";

const SUBURB = "Chatswood";
const INSTRUCTORS = 500;
// Candidate lessons: 730 days × 11 start hours (07:00–17:00) × 500 instructors = 4,015,000. A level
// keeps every stride-th one; the strides divide each other, so each level contains the one before.
const DAYS_BACK = 365;
const DAYS = 730;
const HOURS = 11;
const LEVELS = [
  { name: "1k", stride: 4000 },
  { name: "100k", stride: 40 },
  { name: "1M", stride: 4 },
];
const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const databaseUrl = process.env.BENCH_DATABASE_URL;

async function seedPeople(query) {
  const suburbOf = (k) => `(array[${SUBURBS.map((s) => `'${s}'`).join(",")}])[1 + (${k}) % 12]`;
  await query("begin");
  await query(`
    insert into users (email, password_hash, role, first_name, last_name, phone)
    select 'grow.' || i || '@instructors.kerb.test', 'bench-account-no-login', 'INSTRUCTOR',
           (array['Alex','Sam','Jordan','Taylor','Casey','Riley','Morgan','Jamie'])[1 + i % 8],
           'Grow' || lpad(i::text, 3, '0'), '0400 200 ' || lpad(i::text, 3, '0')
    from generate_series(1, ${INSTRUCTORS}) as i`);
  await query(`
    insert into users (email, password_hash, role, first_name, last_name)
    select 'grow.' || i || '@students.kerb.test', 'bench-account-no-login', 'STUDENT', 'Grow', 'Learner' || i
    from generate_series(1, ${INSTRUCTORS}) as i`);
  await query(`
    insert into instructor_profiles (user_id, license_number, vehicle_type, standard_rate_cents,
      pool_opt_in, gender, bio, languages, suburbs, verification_status, verified_at,
      license_expires_on, wwc_expires_on, rating_average, rating_count)
    select u.id, 'NSWG' || lpad(n::text, 4, '0'), 'AUTOMATIC', 5000 + (n * 137) % 5000, n % 4 <> 0,
           'FEMALE', 'Growing with Kerb.', array['English'],
           array[${suburbOf("n")}, ${suburbOf("n + 5")}], 'VERIFIED', now(),
           current_date + 3650, current_date + 3650, round((3.5 + (n % 15) / 10.0)::numeric, 2), 5 + n
    from (select id, split_part(split_part(email, '@', 1), '.', 2)::int as n
          from users where email like 'grow.%@instructors.kerb.test') u`);
  await query(`
    insert into availability_rules (instructor_id, weekday, start_minute, end_minute)
    select u.id, d, 420, 1140 from users u cross join generate_series(1, 5) as d
    where u.email like 'grow.%@instructors.kerb.test'
    union all
    select u.id, 6, 480, 840 from users u where u.email like 'grow.%@instructors.kerb.test'`);
  await query("commit");
}

/** Adds the level's bookings not already present (those of the coarser levels). */
async function seedBookings(query, level, previous) {
  const keep = previous
    ? `c.idx % ${level.stride} = 0 and c.idx % ${previous.stride} <> 0`
    : `c.idx % ${level.stride} = 0`;
  const started = Date.now();
  await query("begin");
  // Bulk load without per-row triggers (the availability counters are raised once below).
  await query("set local session_replication_role = replica");
  await query(`
    with instructors as (
      select u.id, split_part(split_part(u.email, '@', 1), '.', 2)::int as n from users u
      where u.email like 'grow.%@instructors.kerb.test'),
    students as (
      select u.id, split_part(split_part(u.email, '@', 1), '.', 2)::int as n from users u
      where u.email like 'grow.%@students.kerb.test'),
    candidates as (
      select (d * ${HOURS} + h) * ${INSTRUCTORS} + (n - 1) as idx, d, h, n
      from generate_series(0, ${DAYS - 1}) d, generate_series(0, ${HOURS - 1}) h,
           generate_series(1, ${INSTRUCTORS}) n)
    insert into bookings (student_id, instructor_id, start_time, end_time, status, price_cents,
      is_pool_hours, suburb, completed_at)
    select s.id, i.id, t.start, t.start + interval '1 hour',
           case when t.start < now() then 'COMPLETED' else 'SCHEDULED' end,
           7000, false, '${SUBURB}', case when t.start < now() then t.start + interval '1 hour' end
    from candidates c
    join instructors i on i.n = c.n
    join students s on s.n = c.n
    cross join lateral (
      select ((current_date - ${DAYS_BACK} + c.d) + make_time(7 + c.h, 0, 0)) at time zone 'Australia/Sydney' as start
    ) t
    where ${keep}`);
  await query(`
    insert into availability_versions (instructor_id, version)
    select id, 1 from users where email like 'grow.%@instructors.kerb.test'
    on conflict (instructor_id) do update set version = availability_versions.version + 1`);
  await query("commit");
  const [{ total }] = await query(`
    select count(*)::int as total from bookings
    where student_id in (select id from users where email like 'grow.%@students.kerb.test')`);
  return { total, seconds: (Date.now() - started) / 1000 };
}

function scenarios(token) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(new Date());
  const plus = (n) => {
    const [y, m, d] = today.split("-").map(Number);
    return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
  };
  // A weekday after tomorrow, so the day has pool and standard slots.
  let ahead = 2;
  while ([0, 6].includes(new Date(`${plus(ahead)}T00:00:00Z`).getUTCDay())) ahead++;
  const day = plus(ahead);
  const headers = { authorization: `Bearer ${token}` };
  return [
    { name: "health", path: "/api/health" },
    {
      name: "summary 30 days",
      path: `/api/student/availability-summary?suburb=${encodeURIComponent(SUBURB)}&startDate=${today}&endDate=${plus(29)}`,
      headers,
    },
    {
      name: "slots 1 day",
      path: `/api/student/slots?suburb=${encodeURIComponent(SUBURB)}&startDate=${day}&endDate=${day}`,
      headers,
    },
  ];
}

async function main() {
  const started = Date.now();
  const workDir = mkdtempSync(join(tmpdir(), "kerb-bench-growth-"));
  const dataDir = join(workDir, "data");
  const logFile = join(workDir, "server.log");
  const env = await serverEnv(workDir, {
    SEED_DEMO_DATA: "true",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
  });
  const database = databaseUrl ? "postgres" : "pglite";
  console.log(`kerb growth bench: ${database}, ${connections} connections, ${durationSeconds}s per scenario`);
  let server;
  const rows = [];
  const levels = [];
  try {
    server = await startServer(env, logFile); // migrations and demo data
    await stopServer(server.child);
    server = undefined;
    let previous;
    for (const level of LEVELS) {
      const client = await openSeedClient(databaseUrl, dataDir);
      if (!previous) await seedPeople(client.query);
      const seeded = await seedBookings(client.query, level, previous);
      await client.close();
      console.log(`level ${level.name}: ${seeded.total} bookings (seeded in ${seeded.seconds.toFixed(1)} s)`);
      levels.push({ level: level.name, bookings: seeded.total, seedSeconds: seeded.seconds });
      for (const engine of [
        { name: "cached", env: {} },
        { name: "reference", env: { AVAILABILITY_CACHE: "false" } },
      ]) {
        server = await startServer({ ...env, ...engine.env }, logFile);
        const login = await fetch(`${server.base}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "student@demo.test", password: "demo1234" }),
        });
        if (!login.ok) throw new Error(`login failed: ${login.status}`);
        const { accessToken } = await login.json();
        let health;
        for (const s of scenarios(accessToken)) {
          const res = await fetch(server.base + s.path, { headers: s.headers ?? {} });
          const body = await res.text();
          if (!res.ok) throw new Error(`${s.name}: ${res.status} ${body}`);
          await measure(server.base, s, 2, connections);
          await sleep(1000);
          const m = await measure(server.base, s, durationSeconds, connections);
          health ??= m.requestsPerSecond;
          rows.push({
            level: level.name,
            bookings: seeded.total,
            engine: engine.name,
            name: `${level.name} ${engine.name} ${s.name}`,
            sample: summarise(body),
            ...m,
            ratioVsHealth: m.requestsPerSecond / health,
          });
          console.log(
            `  ${engine.name} ${s.name}: ${m.requestsPerSecond.toFixed(0)} req/s, p99 ${m.p99Ms} ms`,
          );
        }
        await stopServer(server.child);
        server = undefined;
      }
      previous = level;
    }
    console.log("");
    printTable(rows);
    // Flat: the largest level's figure over the smallest's, per engine and scenario.
    const flatness = [];
    for (const engine of ["cached", "reference"]) {
      for (const name of ["summary 30 days", "slots 1 day"]) {
        const of = (lvl) => rows.find((r) => r.level === lvl && r.engine === engine && r.name.endsWith(name));
        const small = of("1k");
        const large = of("1M");
        if (small && large) {
          flatness.push({
            engine,
            scenario: name,
            meanMs1k: small.meanMs,
            meanMs1M: large.meanMs,
            costRatio1Mvs1k: large.meanMs / small.meanMs,
          });
        }
      }
    }
    console.log("\ncost at 1M / cost at 1k (mean latency under load):");
    for (const f of flatness) console.log(`  ${f.engine} ${f.scenario}: ${f.costRatio1Mvs1k.toFixed(2)}×`);
    const report = {
      generatedAt: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      database,
      connections,
      durationSeconds,
      suburb: SUBURB,
      instructors: INSTRUCTORS,
      levels,
      flatness,
      results: rows,
      totalSeconds: Math.round((Date.now() - started) / 1000),
    };
    mkdirSync(join(root, "bench/results"), { recursive: true });
    const file = `growth-${database}.json`;
    writeFileSync(join(root, "bench/results", file), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nwrote bench/results/${file} (${report.totalSeconds}s in all)`);
    const failed = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
    if (failed.length > 0) throw new Error(`non-2xx answers in: ${failed.map((r) => r.name).join(", ")}`);
  } finally {
    if (server) await stopServer(server.child);
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
