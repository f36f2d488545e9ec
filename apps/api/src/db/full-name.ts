import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/** "First Last" of a users row (or an alias of it), as searches match and exports print a person. */
export const fullNameSql = (person: { firstName: AnyColumn; lastName: AnyColumn }): SQL<string> =>
  sql<string>`${person.firstName} || ' ' || ${person.lastName}`;
