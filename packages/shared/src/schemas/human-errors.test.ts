import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldLabel, humanError } from "./human-errors.ts";
import * as schemas from "./index.ts";

/**
 * zod's own wording: what a person must never read. "Invalid email address" is not here: it is the
 * spec's own message for the login form (§5).
 */
const GENERIC = [
  "Too big",
  "Too small",
  "Invalid input",
  "Expected",
  "Invalid option",
  "Invalid number",
  "Invalid string",
  "Invalid UUID",
  "Invalid ISO",
  "Invalid key",
  "Invalid element",
  "Invalid value",
  "Unrecognized key",
];
const isGeneric = (message: string) => GENERIC.some((prefix) => message.startsWith(prefix));

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** The ways a value can be wrong, each applied to every field of a schema at once. */
type Mode =
  | "long"
  | "short"
  | "big"
  | "small"
  | "fraction"
  | "format"
  | "wrongType"
  | "missing"
  | "manyItems"
  | "extraField";
const MODES: Mode[] = [
  "long",
  "short",
  "big",
  "small",
  "fraction",
  "format",
  "wrongType",
  "missing",
  "manyItems",
  "extraField",
];

/** A value of `schema`'s shape that is wrong in the way `mode` says (as far as the schema can be). */
function badValue(schema: unknown, mode: Mode, depth = 0): unknown {
  if (depth > 8) return undefined;
  const def = defOf(schema);
  const next = (inner: unknown) => badValue(inner, mode, depth + 1);
  switch (def.type) {
    case "object": {
      if (mode === "missing") return {};
      const shape = (def.shape ?? {}) as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, next(field)]));
      return mode === "extraField" ? { ...fields, notAField: 1 } : fields;
    }
    case "string":
      switch (mode) {
        case "long":
          return "x".repeat(5_000);
        case "short":
          return "";
        case "format":
          return "not a valid value %";
        case "wrongType":
          return 12345;
        default:
          return "x";
      }
    case "number":
    case "int":
    case "bigint":
      switch (mode) {
        case "big":
          return 1e15;
        case "small":
          return -1e15;
        case "fraction":
          return 0.123;
        case "wrongType":
        case "format":
          return "twelve";
        default:
          return 1;
      }
    case "boolean":
      return mode === "wrongType" || mode === "format" ? "yes" : true;
    case "date":
      return mode === "wrongType" ? "soon" : new Date(Number.NaN);
    case "enum":
    case "literal":
      return mode === "wrongType" ? 42 : "NOT_ONE_OF_THEM";
    case "array": {
      if (mode === "short" || mode === "missing") return [];
      if (mode === "wrongType") return "not a list";
      if (mode === "manyItems") {
        // Many of one item, whose own lists stay short (nested long lists would not fit in memory).
        const item = badValue(def.element, "format", depth + 1);
        return Array.from({ length: 500 }, () => item);
      }
      return [next(def.element)];
    }
    case "record":
      return mode === "wrongType" ? "not an object" : { key: next(def.valueType) };
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      // Wrong rather than absent: an optional field is checked only when it is there.
      return mode === "missing" && def.type !== "nonoptional" ? undefined : next(def.innerType);
    case "pipe":
      return next(def.in);
    case "union":
      return next((def.options as unknown[])[0]);
    case "intersection":
      return next(def.left);
    case "lazy":
      return next((def.getter as () => unknown)());
    default:
      return mode === "wrongType" ? Symbol.for("wrong").toString() : undefined;
  }
}

/** Every zod schema the shared package exports, by name. */
const exported: [string, z.ZodType][] = Object.entries(schemas as Record<string, unknown>).flatMap(
  ([name, value]) => (value instanceof z.ZodType ? [[name, value] as [string, z.ZodType]] : []),
);

describe("every message of the shared schemas is written for a person", () => {
  it("exports schemas to walk", () => {
    expect(exported.length).toBeGreaterThan(50);
  });

  it.each(exported)("%s: no generic validator message at any limit", (_name, schema) => {
    const generic: string[] = [];
    let checked = 0;
    for (const mode of MODES) {
      let result: ReturnType<typeof schema.safeParse>;
      try {
        result = schema.safeParse(badValue(schema, mode));
      } catch {
        continue; // a preprocess that cannot take the made-up value; not a message anyone reads
      }
      for (const issue of result.error?.issues ?? []) {
        checked++;
        if (isGeneric(issue.message)) generic.push(`${mode} ${issue.path.join(".")}: ${issue.message}`);
      }
    }
    expect(generic).toEqual([]);
    // Every schema that can fail is made to fail by at least one of the modes.
    if (checked === 0)
      expect(schema.safeParse(Symbol("nothing")).success, "a schema no mode could fail").toBe(true);
  });
});

describe("the words", () => {
  it("names a field from its key, skipping list indexes", () => {
    expect(fieldLabel(["firstName"])).toBe("First name");
    expect(fieldLabel(["bookings", 0, "pickupLocation"])).toBe("Pickup address");
    expect(fieldLabel(["totalLessons"])).toBe("Number of lessons");
    expect(fieldLabel([])).toBe("This value");
  });

  it("says the limits the issue 20 report quoted in plain English", () => {
    expect(schemas.studentRegistrationRequest.safeParse({ firstName: "x".repeat(81) }).error?.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: ["firstName"],
          message: "First name must be 80 characters or fewer",
        }),
      ]),
    );
    const bundle = schemas.bundlePurchaseRequest.safeParse({ totalLessons: 0, pricePerLesson: 70 });
    expect(bundle.error?.issues.map((issue) => issue.message)).toContain(
      "Number of lessons must be at least 1",
    );
  });

  it("keeps a schema's own message (the spec's words win)", () => {
    expect(schemas.loginRequest.safeParse({ email: "nope", password: "x" }).error?.issues[0]?.message).toBe(
      "Invalid email address",
    );
  });

  it("words each kind of check", () => {
    const label = (issue: Parameters<typeof humanError>[0]) => humanError(issue);
    expect(label({ code: "invalid_type", expected: "int", input: 1.5, path: ["count"] } as never)).toBe(
      "Count must be a whole number",
    );
    expect(
      label({ code: "invalid_type", expected: "string", input: undefined, path: ["bio"] } as never),
    ).toBe("Bio is required");
    expect(label({ code: "invalid_format", format: "email", input: "x", path: ["email"] } as never)).toBe(
      "Enter a valid email address, like name@example.com",
    );
    expect(label({ code: "not_multiple_of", divisor: 0.01, input: 1.001, path: ["price"] } as never)).toBe(
      "Price can have at most two decimal places",
    );
  });
});
