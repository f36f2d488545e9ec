import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as policyWords from "@kerb/shared/words";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("..", import.meta.url));

/** The policy words that are a bare amount ("7 days", "30-minute", "25%"), by export name. */
const amounts = Object.entries(policyWords).filter(
  (entry): entry is [string, string] => typeof entry[1] === "string" && /^\d[\d-]* ?[a-z%]*$/.test(entry[1]),
);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\%-]/g, "\\$&");

// The OpenAPI descriptions print the shared policy words (packages/shared/src/words/policy.ts), so a
// changed constant changes the document too: an amount typed out in a route's docs would go stale.
describe("OpenAPI descriptions", () => {
  it("quote the policy amounts from the shared words, never typed out", () => {
    expect(amounts.map(([name]) => name)).toContain("NO_SHOW_DISPUTE_WINDOW");
    const files = readdirSync(SRC, { recursive: true, encoding: "utf8" }).filter((file) =>
      /(\.routes|-docs)\.ts$/.test(file),
    );
    expect(files.length).toBeGreaterThan(10);

    const typedOut: string[] = [];
    for (const file of files) {
      const text = readFileSync(`${SRC}${file}`, "utf8");
      for (const [name, words] of amounts) {
        for (const match of text.matchAll(new RegExp(`(?<![\\w$])${escapeRegExp(words)}(?!\\w)`, "g"))) {
          const line = text.slice(0, match.index).split("\n").length;
          typedOut.push(`${file}:${line} "${words}" (use ${name})`);
        }
      }
    }
    expect(typedOut).toEqual([]);
  });
});
