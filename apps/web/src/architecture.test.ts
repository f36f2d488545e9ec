// @vitest-environment node
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  describeCycles,
  findCycles,
  folderGraph,
  type Import,
  localImports as importsOf,
  isTestFile,
  sourceFiles,
} from "../../../scripts/import-graph.ts";

/*
 * The web half of ARCHITECTURE.md "Round 4: one direction" (issue 29), read from the source's imports:
 * - features depend one way: no import cycle between two folders of src/features, however long;
 * - a feature that others use is entered only through its index.ts (`@/features/<name>`);
 * - src/lib, src/components and src/config sit below every feature and import none;
 * - every query key comes from a query-keys.ts factory, never a literal array at the call;
 * - no two files import each other, directly or through others.
 * Test files are left out of the graph: a test may reach into what it tests.
 */

const SRC = fileURLToPath(new URL(".", import.meta.url));
const FEATURES = path.join(SRC, "features");
const LOWER_LAYERS = ["lib", "components", "config"];

type FeatureGraph = Map<string, Map<string, Import[]>>;

const fromSrc = (file: string) => path.relative(SRC, file).split(path.sep).join("/");
const isTest = isTestFile;
const localImports = (file: string, source: string) => importsOf(file, source, SRC);

/** `lessons` for anything under src/features/lessons, else null. */
function featureOf(file: string): string | null {
  const [top, name] = fromSrc(file).split("/");
  return top === "features" && name ? name : null;
}

/** Feature → the features it imports, with every import that says so. */
const featureGraph = (): FeatureGraph =>
  folderGraph(sourceFiles(FEATURES), featureOf, (file) => readFileSync(file, "utf8"), SRC);

/**
 * The source file an import names (`./x` → x.ts, x.tsx or x/index.ts[x]) from src, or null (a stylesheet,
 * an asset): each file is a node of its own.
 */
function fileOf(target: string): string | null {
  const candidates = [
    target,
    `${target}.ts`,
    `${target}.tsx`,
    path.join(target, "index.ts"),
    path.join(target, "index.tsx"),
  ];
  const file = candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
  return file ? fromSrc(file) : null;
}

/** File → the files it imports (every .ts/.tsx under src but the tests), with every import that says so. */
const fileGraph = () => folderGraph(sourceFiles(SRC), fileOf, (file) => readFileSync(file, "utf8"), SRC);

const describeImport = ({ file, specifier }: Import) => `${fromSrc(file)} imports "${specifier}"`;

describe("web architecture (ARCHITECTURE.md, Round 4)", () => {
  it("finds a cycle in a made-up graph, and none in a one-way one (the guard below can fail)", () => {
    const cyclic = new Map([
      ["lessons", ["availability", "compliance"]],
      ["compliance", ["audit", "lessons"]],
      ["instructor", ["lessons"]],
    ]);
    expect(findCycles(cyclic)).toEqual([
      { knot: ["compliance", "lessons"], cycle: ["compliance", "lessons", "compliance"] },
    ]);
    expect(
      findCycles(
        new Map([
          ["a", ["b"]],
          ["b", ["c"]],
          ["d", ["a"]],
        ]),
      ),
    ).toEqual([]);
    const file = path.join(FEATURES, "lessons", "api", "x.ts");
    const source =
      'import { a } from "@/features/audit";\nimport {\n  b,\n} from "../../compliance/api/y";\nconst c = () => import("@/features/home/routes/home-page");\n';
    expect(localImports(file, source).map((i) => featureOf(i.target))).toEqual([
      "audit",
      "compliance",
      "home",
    ]);
  });

  it("features depend one way: no import cycle between features", () => {
    const report = describeCycles(featureGraph(), describeImport);
    expect(
      report,
      "Features import each other in a circle. Move the shared piece down (src/components/ui, src/lib, or the " +
        "lower feature), let the higher feature own the composite, or refresh a higher feature's data through " +
        "a scope in src/lib/query-keys.ts instead of its key",
    ).toEqual([]);
  });

  it("no import circle between files", () => {
    const graph = fileGraph();
    // The graph is read right (or the guard would pass on nothing): a fetcher imports its feature's keys.
    expect([...(graph.get("features/audit/api/get-audit-log.ts")?.keys() ?? [])]).toContain(
      "features/audit/api/query-keys.ts",
    );
    expect(
      describeCycles(graph, describeImport),
      "Files import each other in a circle. Move the shared piece (often a type) down into the file both " +
        "sides can import, such as the feature's api/query-keys.ts, or a small file of its own",
    ).toEqual([]);
  });

  it("a feature is entered only through its index.ts (@/features/<name>)", () => {
    const problems = [...featureGraph()].flatMap(([from, edges]) =>
      [...edges].flatMap(([to, imports]) =>
        imports.flatMap((entry) => {
          const door = path.join(FEATURES, to);
          if (!existsSync(path.join(door, "index.ts")))
            return [`${describeImport(entry)}, but ${to} has no index.ts`];
          const isDoor = entry.target === door || entry.target === path.join(door, "index");
          return isDoor ? [] : [`${describeImport(entry)}: past the index.ts of ${to} (${from} → ${to})`];
        }),
      ),
    );
    expect(
      problems,
      "Import another feature only as @/features/<name>, and export what is needed there",
    ).toEqual([]);
  });

  it("src/lib, src/components and src/config import no feature and not the app", () => {
    const problems = LOWER_LAYERS.flatMap((layer) =>
      sourceFiles(path.join(SRC, layer))
        .filter((file) => !isTest(file))
        .flatMap((file) => localImports(file, readFileSync(file, "utf8")))
        .filter(({ target }) => ["features", "app"].includes(fromSrc(target).split("/")[0] ?? ""))
        .map(describeImport),
    );
    expect(
      problems,
      "These layers sit below every feature: move the piece down, or leave it in the feature",
    ).toEqual([]);
  });

  it("query keys come from a query-keys.ts factory, never a literal array", () => {
    const literal = [/\bqueryKey:\s*\[/, /\b(?:set|get)QueryData\s*(?:<[^>]*>)?\(\s*\[/];
    const problems = sourceFiles(SRC)
      .filter((file) => path.basename(file) !== "query-keys.ts" && file !== fileURLToPath(import.meta.url))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, i) =>
            literal.some((re) => re.test(line)) ? [`${fromSrc(file)}:${i + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(
      problems,
      "Use the feature's factory (features/<name>/api/query-keys.ts) or a scope of src/lib/query-keys.ts",
    ).toEqual([]);
  });
});
