/**
 * A PostgreSQL server of the test's own (Debian's pg_createcluster, on its own port), so that a test
 * can stop and start it. The machine's main cluster on 5432 is never touched.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { scaled } from "../src/test/time-scale.ts";
import { freePort } from "./cluster-fixture.ts";

const VERSION = process.env.CLUSTER_PG_VERSION ?? "15";
const run = (command: string, args: string[]) =>
  execFileSync(command, args, { stdio: ["ignore", "pipe", "pipe"], timeout: scaled(60_000) });

export async function createOwnPostgres() {
  const name = `kerbtest${randomUUID().replaceAll("-", "").slice(0, 8)}`;
  const port = await freePort();
  // --auth=trust goes to initdb and leaves its pg_hba.conf as written: trust on loopback for the test.
  run("pg_createcluster", [
    VERSION,
    name,
    "--port",
    String(port),
    "--start-conf",
    "manual",
    "--",
    "--auth=trust",
  ]);
  const ctl = (...args: string[]) =>
    run("pg_ctlcluster", ["--skip-systemctl-redirect", VERSION, name, ...args]);
  ctl("start");
  const signalServer = (signal: "STOP" | "CONT") => {
    const pidFile = `/var/lib/postgresql/${VERSION}/${name}/postmaster.pid`;
    const postmaster = readFileSync(pidFile, "utf8").split("\n")[0]?.trim() ?? "";
    const children = execFileSync("pgrep", ["-P", postmaster], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean);
    // The postmaster stops first (it starts no backend meanwhile) and resumes last.
    for (const pid of signal === "STOP" ? [postmaster, ...children] : [...children, postmaster]) {
      process.kill(Number(pid), `SIG${signal}`);
    }
  };
  const serverUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query("CREATE DATABASE kerb");
  await admin.end();
  return {
    name,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/kerb`,
    /** Like a crash or a failover: connections are cut, nothing is shut down cleanly. */
    stop: () => ctl("stop", "-m", "immediate"),
    start: () => ctl("start"),
    /**
     * Like a hung host: every process of the server (the postmaster and each backend) is stopped with
     * SIGSTOP, so connections stay open and nothing answers. thaw() resumes them all.
     */
    freeze: () => signalServer("STOP"),
    thaw: () => signalServer("CONT"),
    destroy: () => run("pg_dropcluster", ["--stop", VERSION, name]),
  };
}
