import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./errors.ts";

// Drizzle wraps the driver's error: what matters may sit on the error or on its cause.
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });

describe("which errors mean the database is unreachable (503, not 500)", () => {
  it("recognises refused, cut and timed-out connections and PostgreSQL shutting down or starting", () => {
    const unavailable = [
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      wrapped(new Error("Connection terminated unexpectedly")),
      wrapped(new Error("timeout exceeded when trying to connect")),
      wrapped(
        Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      ),
      wrapped(Object.assign(new Error("the database system is starting up"), { code: "57P03" })),
      wrapped(Object.assign(new Error("connection failure"), { code: "08006" })),
    ];
    for (const error of unavailable) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });

  it("leaves constraint violations, bad input and bugs alone", () => {
    const others = [
      wrapped(Object.assign(new Error("duplicate key"), { code: "23505" })),
      wrapped(Object.assign(new Error("conflicting key value violates exclusion"), { code: "23P01" })),
      wrapped(Object.assign(new Error("invalid input syntax"), { code: "22P02" })),
      new TypeError("Cannot read properties of undefined"),
    ];
    for (const error of others) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});
