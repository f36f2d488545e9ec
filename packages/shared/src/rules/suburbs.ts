/** The suburbs we serve: one lookup, one message, used by the zod schemas and the API. */
import { SUBURBS, type Suburb } from "../constants.ts";

/** The canonical spelling of a suburb typed in any case and with stray spaces; null when we do not serve it. */
export function findSuburb(input: string): Suburb | null {
  const wanted = input.trim().toLowerCase();
  return SUBURBS.find((s) => s.toLowerCase() === wanted) ?? null;
}

/**
 * The one answer to a suburb we do not serve (schemas and services alike). It lists what we do serve
 * and never repeats the input: an error message is no place to reflect whatever a client sent.
 */
export function unknownSuburbMessage(): string {
  return `We don't serve that suburb yet. Choose from: ${SUBURBS.join(", ")}`;
}

/**
 * True when an instructor's suburb list covers `suburb`, case-insensitively (the SQL copy,
 * apps/api/src/db/sql-rules.ts `teachesInSuburbSql`, compares lower() the same way).
 */
export function teachesInSuburb(instructorSuburbs: readonly string[], suburb: string): boolean {
  const wanted = suburb.toLowerCase();
  return instructorSuburbs.some((s) => s.toLowerCase() === wanted);
}
