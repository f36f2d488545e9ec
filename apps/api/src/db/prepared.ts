import type { Executor } from "./client.ts";

/**
 * A statement read on a hot path, prepared once per database handle: drizzle builds its SQL once, and
 * PostgreSQL parses and plans a named statement once per connection instead of on every request (the
 * planning of a many-join read costs more than running it).
 */
export function preparedPerDatabase<Statement>(prepare: (db: Executor) => Statement) {
  const statements = new WeakMap<Executor, Statement>();
  return (db: Executor): Statement => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
