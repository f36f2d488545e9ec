import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline (19 MiB, 2 passes): ~25 ms here, slow enough to hurt guessing.
// algorithm 2 is Argon2id (a const enum in the typings, so it cannot be imported as a value here).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** With no stored hash, verifies against a throwaway one, so "no such user" costs as long as "wrong password". */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hash("not-a-real-password", OPTIONS);
  const target = storedHash ?? (await dummyHash);
  try {
    return (await verify(target, password)) && storedHash !== undefined;
  } catch {
    return false;
  }
}
