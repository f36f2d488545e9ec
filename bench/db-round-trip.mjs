/**
 * What one database round trip costs the API process before any work is done: `select $1` over
 * node-postgres, one after another, with the process's CPU time per query (user + system) beside the
 * wall time. Explains the booking bench: every statement of a booking pays this.
 *
 * BENCH_DATABASE_URL=postgres://… node bench/db-round-trip.mjs   (BENCH_QUERIES, default 5000)
 */
import pg from "pg";

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error("db-round-trip needs BENCH_DATABASE_URL");
  process.exit(2);
}
const queries = Number(process.env.BENCH_QUERIES ?? 5000);
const client = new pg.Client({ connectionString: url });
await client.connect();
// Warm up the connection and the JIT first.
for (let i = 0; i < 500; i++) await client.query({ text: "select $1::int as x", values: [i] });
const cpu = process.cpuUsage();
const started = performance.now();
for (let i = 0; i < queries; i++) await client.query({ text: "select $1::int as x", values: [i] });
const used = process.cpuUsage(cpu);
const wallMs = performance.now() - started;
await client.end();
const per = (micros) => (micros / queries).toFixed(1);
console.log(
  `${queries} round trips: ${per(used.user + used.system)} µs of CPU each (user ${per(used.user)}, system ${per(used.system)}), ${per(wallMs * 1000)} µs of wall time each`,
);
