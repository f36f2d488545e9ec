/**
 * The import graph both architecture tests read (apps/api/src/architecture.test.ts and
 * apps/web/src/architecture.test.ts): which of the app's own files a source imports, and the cycles in
 * a graph of folders. Read as text, with no compiler: `import`/`export … from`, side-effect imports and
 * dynamic `import()`, type-only imports included (they still tie two folders together).
 */
import { readdirSync } from "node:fs";
import path from "node:path";

export type Import = { file: string; specifier: string; target: string };

/** Every .ts/.tsx file under `dir`. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

export const isTestFile = (file: string) =>
  /\.test\.tsx?$/.test(file) || file.split(path.sep).includes("__tests__");

/**
 * The app's own modules `source` imports, resolved to paths: relative specifiers, and `@/…` when the
 * app has that alias (`aliasRoot`).
 */
export function localImports(file: string, source: string, aliasRoot?: string): Import[] {
  const patterns = [
    /^\s*(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']/gm,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  return patterns.flatMap((pattern) =>
    [...source.matchAll(pattern)].flatMap(([, specifier = ""]) => {
      if (aliasRoot && specifier.startsWith("@/"))
        return [{ file, specifier, target: path.join(aliasRoot, specifier.slice(2)) }];
      if (specifier.startsWith("."))
        return [{ file, specifier, target: path.resolve(path.dirname(file), specifier) }];
      return [];
    }),
  );
}

/**
 * Each knot of nodes that reach one another (Tarjan's strongly connected components), with one cycle
 * through it to show.
 */
export function findCycles(
  graph: ReadonlyMap<string, Iterable<string>>,
): { knot: string[]; cycle: string[] }[] {
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

/**
 * Folder → the folders it imports, with every import that says so. `folderOf` names the folder a file
 * belongs to (null: not a node of this graph); test files are left out: a test may reach into what it
 * tests.
 */
export function folderGraph(
  files: readonly string[],
  folderOf: (file: string) => string | null,
  read: (file: string) => string,
  aliasRoot?: string,
): Map<string, Map<string, Import[]>> {
  const graph = new Map<string, Map<string, Import[]>>();
  for (const file of files.filter((f) => !isTestFile(f))) {
    const from = folderOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Map<string, Import[]>();
    graph.set(from, edges);
    for (const entry of localImports(file, read(file), aliasRoot)) {
      const to = folderOf(entry.target);
      if (to && to !== from) edges.set(to, [...(edges.get(to) ?? []), entry]);
    }
  }
  return graph;
}

/** The cycles of a folder graph, each with up to three imports per step as evidence. */
export function describeCycles(
  graph: ReadonlyMap<string, ReadonlyMap<string, Import[]>>,
  show: (i: Import) => string,
) {
  const names = new Map([...graph].map(([from, edges]) => [from, [...edges.keys()]]));
  return findCycles(names).map(({ knot, cycle }) =>
    [
      `cycle: ${cycle.join(" → ")}${knot.length + 1 > cycle.length ? ` (in a knot of ${knot.join(", ")})` : ""}`,
      ...cycle.slice(1).flatMap((to, i) => {
        const from = cycle[i] ?? "";
        const evidence = [...new Set((graph.get(from)?.get(to) ?? []).map(show))];
        const more = evidence.length > 3 ? [`  ${from} → ${to}: and ${evidence.length - 3} more`] : [];
        return [...evidence.slice(0, 3).map((line) => `  ${from} → ${to}: ${line}`), ...more];
      }),
    ].join("\n"),
  );
}
