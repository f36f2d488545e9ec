/**
 * A GUARDIAN account: made only when an invited parent or guardian accepts (modules/guardians), never by
 * public registration (spec §6). Auth owns the users table, so the insert lives here.
 */
import type { Executor } from "../../db/client.ts";
import * as repo from "./auth.repository.ts";

export function insertGuardianUser(
  db: Executor,
  input: { email: string; passwordHash: string; firstName: string; lastName: string; createdAt: Date },
) {
  return repo.insertUser(db, { ...input, role: "GUARDIAN", phone: null });
}
