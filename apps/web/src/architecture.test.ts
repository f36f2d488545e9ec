// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * The web half of ARCHITECTURE.md "Round 4: one direction" (issue 29), read from the source's imports:
 * - features depend one way: no import cycle between two folders of src/features, however long;
 * - a feature that others use is entered only through its index.ts (`@/features/<name>`);
 * - src/lib, src/components and src/config sit below every feature and import none;
 * - every query key comes from a query-keys.ts factory, never a literal array at the call.
 * Test files are left out of the graph: a test may reach into what it tests.
 */

const SRC = fileURLToPath(new URL(".", import.meta.url));
const FEATURES = path.join(SRC, "features");
const LOWER_LAYERS = ["lib", "components", "config"];

type Import = { file: string; specifier: string; target: string };
type FeatureGraph = Map<string, Map<string, Import[]>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes("__tests__");
const fromSrc = (file: string) => path.relative(SRC, file).split(path.sep).join("/");

/** The app's own modules a source imports (statically, dynamically or for types), resolved from src. */
function localImports(file: string, source: string): Import[] {
  const patterns = [
    /^\s*(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']/gm,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  return patterns.flatMap((pattern) =>
    [...source.matchAll(pattern)].flatMap(([, specifier = ""]) => {
      if (specifier.startsWith("@/"))
        return [{ file, specifier, target: path.join(SRC, specifier.slice(2)) }];
      if (specifier.startsWith("."))
        return [{ file, specifier, target: path.resolve(path.dirname(file), specifier) }];
      return [];
    }),
  );
}

/** `lessons` for anything under src/features/lessons, else null. */
function featureOf(file: string): string | null {
  const [top, name] = fromSrc(file).split("/");
  return top === "features" && name ? name : null;
}

/** Feature → the features it imports, with every import that says so. */
function featureGraph(): FeatureGraph {
  const graph: FeatureGraph = new Map();
  for (const file of sourceFiles(FEATURES).filter((f) => !isTest(f))) {
    const from = featureOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Map<string, Import[]>();
    graph.set(from, edges);
    for (const entry of localImports(file, readFileSync(file, "utf8"))) {
      const to = featureOf(entry.target);
      if (to && to !== from) edges.set(to, [...(edges.get(to) ?? []), entry]);
    }
  }
  return graph;
}

/**
 * Each knot of features that reach one another (Tarjan's strongly connected components), with one cycle
 * through it to show.
 */
function findCycles(graph: ReadonlyMap<string, Iterable<string>>): { knot: string[]; cycle: string[] }[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: { knot: string[]; cycle: string[] }[] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member !== undefined) component.push(member);
    } while (member !== node && member !== undefined);
    if (component.length > 1) {
      cycles.push({ knot: component.sort(), cycle: closedPath(graph, new Set(component)) });
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

/** One path around a strongly connected component, from its first name back to it: a → b → c → a. */
function closedPath(graph: ReadonlyMap<string, Iterable<string>>, members: ReadonlySet<string>): string[] {
  const [start = ""] = [...members].sort();
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() ?? "";
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const route = [node];
        while (route[0] !== start) route.unshift(cameFrom.get(route[0] ?? "") ?? start);
        return [...route, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

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
    const graph = featureGraph();
    const names = new Map([...graph].map(([from, edges]) => [from, [...edges.keys()]]));
    const report = findCycles(names).map(({ knot, cycle }) =>
      [
        `cycle: ${cycle.join(" → ")}${knot.length + 1 > cycle.length ? ` (in a knot of ${knot.join(", ")})` : ""}`,
        ...cycle.slice(1).flatMap((to, i) => {
          const from = cycle[i] ?? "";
          const evidence = [...new Set((graph.get(from)?.get(to) ?? []).map(describeImport))];
          const more = evidence.length > 3 ? [`  ${from} → ${to}: and ${evidence.length - 3} more`] : [];
          return [...evidence.slice(0, 3).map((line) => `  ${from} → ${to}: ${line}`), ...more];
        }),
      ].join("\n"),
    );
    expect(
      report,
      "Features import each other in a circle. Move the shared piece down (src/components/ui, src/lib, or the " +
        "lower feature), let the higher feature own the composite, or refresh a higher feature's data through " +
        "a scope in src/lib/query-keys.ts instead of its key",
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
