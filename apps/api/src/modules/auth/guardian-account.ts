/**
 * A GUARDIAN account: made only when an invited parent or guardian accepts (modules/guardians), never by
 * public registration (spec §6). Auth owns the users table, so the insert lives here.
 */
import type { Executor } from "../../db/client.ts";
import * as repo from "./auth.repository.ts";
import { recordSignUpAcceptances } from "./legal-acceptances.ts";

/** With `acceptedTerms`, the terms and privacy policy in force are stored as accepted, in `db`'s transaction. */
export async function insertGuardianUser(
  db: Executor,
  {
    acceptedTerms,
    ...input
  }: {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    createdAt: Date;
    acceptedTerms: boolean;
  },
) {
  const user = await repo.insertUser(db, { ...input, role: "GUARDIAN", phone: null });
  if (acceptedTerms) await recordSignUpAcceptances(db, user.id, "GUARDIAN", input.createdAt);
  return user;
}
