import type { TestProject } from "vitest/node";
import { buildTestSnapshots } from "./snapshots.ts";
import { computeTestClockStart } from "./test-clock.ts";

/**
 * Fixes the run's test clock start (test-clock.ts) once, so every file starts its app at the same
 * moment, and migrates (and seeds, at that moment) once per run for every test file to copy: starting
 * an empty PGlite, migrating and seeding it cost several seconds a file. On the PostgreSQL server
 * (TEST_DATABASE_URL), template databases of this run only, dropped at the end.
 */
export default async function setup(project: TestProject) {
  const clockStart = computeTestClockStart();
  project.provide("kerbTestClockStart", clockStart.toISOString());
  const { snapshots, remove } = await buildTestSnapshots(
    process.env.TEST_DATABASE_URL || undefined,
    clockStart,
  );
  project.provide("kerbTestSnapshots", snapshots);
  return remove;
}
