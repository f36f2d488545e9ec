import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * `column in ('A', 'B')` for a CHECK, from the shared tuple the column's type comes from, so the
 * database refuses exactly what the type does (a new value there shows up in `db:generate`).
 */
export function isOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  // The values are code constants, never input; this keeps them quotable as written.
  for (const value of values) {
    if (!/^[A-Za-z0-9_]+$/.test(value)) throw new Error(`Not a plain enum value: ${value}`);
  }
  return sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`;
}
