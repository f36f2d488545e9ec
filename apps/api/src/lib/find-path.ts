import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Resolves a folder that sits at a different depth in the source tree (tsx) and the bundle (dist/):
 * the first candidate, relative to the calling module, that exists.
 */
export function findPath(from: string, candidates: string[]): string | undefined {
  for (const candidate of candidates) {
    const path = fileURLToPath(new URL(candidate, from));
    if (existsSync(path)) return path;
  }
  return undefined;
}
