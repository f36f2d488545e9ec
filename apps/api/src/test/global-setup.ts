import type { TestProject } from "vitest/node";
import { buildTestSnapshots } from "./snapshots.ts";

/**
 * Migrates (and seeds) once per run, for every test file to copy: starting an empty PGlite, migrating
 * and seeding it cost several seconds a file. On the PostgreSQL server (TEST_DATABASE_URL), template
 * databases of this run only, dropped at the end.
 */
export default async function setup(project: TestProject) {
  const { snapshots, remove } = await buildTestSnapshots(process.env.TEST_DATABASE_URL || undefined);
  project.provide("kerbTestSnapshots", snapshots);
  return remove;
}
