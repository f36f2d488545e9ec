import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  describeCycles,
  folderGraph,
  type Import,
  isTestFile,
  localImports,
  sourceFiles,
} from "../../../scripts/import-graph.ts";

/*
 * The API half of ARCHITECTURE.md "Round 4: one direction" (issue 29, decision 035), read from the
 * source's imports. Test files are left out: a test may reach into what it tests.
 */

const SRC = fileURLToPath(new URL(".", import.meta.url));
const MODULES = path.join(SRC, "modules");

/**
 * The modules from the top down. A module's own code imports only modules of a lower tier, through
 * their index.ts; route plugins sit above them all (app.ts registers them) and may use any module's
 * entry. A new module takes the tier its imports give it.
 */
export const MODULE_TIERS: readonly (readonly string[])[] = [
  // Screens' read models over many owners, and the operator's account actions that reach into several.
  // Earlier-time alerts (issue 34) react to availability and hold a time through checkout.
  ["portal", "accounts", "time-alerts"],
  // Buying (holding lessons, bundle purchase, a guardian paying), spending credits, lesson records, the
  // instructor's hours and settings (they clash with lessons).
  ["checkout", "credits", "learning", "schedule"],
  // After a test pack's day (issue 33): its outcome (which completes the pack's lesson), shown in the
  // learner's progress, and the pass promise.
  ["test-pack-outcomes"],
  ["lessons"],
  ["guardians", "calendar"],
  // Test-package offers (issue 33) read instructor profiles; booking a pack will sit above them.
  ["auth", "compliance", "messages", "payouts", "refunds", "reviews", "test-packages"],
  // saved-cards (issue 34): the payer's provider customer and cards, charged by checkout.
  ["payments", "instructors", "students", "bundles", "availability", "receipts", "saved-cards"],
  // The platform: the outbox with the branded email layout, ledger postings and reports, the audit log,
  // health and jobs. None of them imports a domain.
  ["notifications", "ledger", "audit", "health"],
];

/** The unit of work's effects: only src/unit-of-work.ts calls these (ctx.transact → uow.post, …). */
const UNIT_OF_WORK_EFFECTS: ReadonlyArray<{ name: string; definedIn: string }> = [
  { name: "postJournal", definedIn: "modules/ledger/post-journal.ts" },
  { name: "insertAuditEntry", definedIn: "modules/audit/audit.repository.ts" },
  { name: "enqueueEmail", definedIn: "modules/notifications/outbox.ts" },
  { name: "enqueueEmails", definedIn: "modules/notifications/outbox.ts" },
  { name: "recordCardRefund", definedIn: "modules/refunds/refund-queue.ts" },
];

const fromSrc = (file: string) => path.relative(SRC, file).split(path.sep).join("/");
const read = (file: string) => readFileSync(file, "utf8");
const isRoutes = (file: string) => file.endsWith(".routes.ts");
const productFiles = () => sourceFiles(SRC).filter((file) => !isTestFile(file));

/** `lessons` for anything under src/modules/lessons, else null. */
function moduleOf(file: string): string | null {
  const [top, name] = fromSrc(file).split("/");
  return top === "modules" && name && !name.includes(".") ? name : null;
}

const show = ({ file, specifier }: Import) => `${fromSrc(file)} imports "${specifier}"`;

describe("API architecture (ARCHITECTURE.md, Round 4)", () => {
  it("a made-up import cycle is found (the guard below can fail)", () => {
    const file = path.join(MODULES, "lessons", "x.ts");
    const files = [file, path.join(MODULES, "checkout", "y.ts")];
    const sources: Record<string, string> = {
      [files[0] ?? ""]: 'import { a } from "../checkout/index.ts";',
      [files[1] ?? ""]: 'import type {\n  B,\n} from "../lessons/index.ts";',
    };
    const graph = folderGraph(files, moduleOf, (f) => sources[f] ?? "");
    expect(describeCycles(graph, show)[0]).toMatch(/^cycle: checkout → lessons → checkout/);
    expect(
      localImports(file, 'const p = () => import("../portal/z.ts");').map((i) => moduleOf(i.target)),
    ).toEqual(["portal"]);
  });

  it("modules depend one way: no import cycle between modules, routes included", () => {
    const graph = folderGraph(productFiles(), moduleOf, read);
    expect(
      describeCycles(graph, show),
      "Modules import each other in a circle. Two modules that need each other meet in a use case of the " +
        "higher one (or a portal read model), never by importing each other",
    ).toEqual([]);
  });

  it("the API's folders depend one way: src/<folder> and each module, test support aside", () => {
    // The platform (platform/, db/, lib/, plugins/, context.ts) sits below the modules; app.ts, the
    // seed, the notification scan and the unit of work's implementation above them.
    const roomOf = (file: string): string | null => {
      const [top, name] = fromSrc(file).split("/");
      if (!top || top === "test" || top.startsWith("..")) return null;
      return top === "modules" && name ? `modules/${name}` : top;
    };
    expect(
      describeCycles(folderGraph(productFiles(), roomOf, read), show),
      "A lower folder imports a higher one: move the type or the piece down (platform/), or the caller up",
    ).toEqual([]);
  });

  it("every module is in the documented tiers, and its code imports only lower tiers", () => {
    const tierOf = new Map(MODULE_TIERS.flatMap((names, tier) => names.map((name) => [name, tier] as const)));
    const modules = readdirSync(MODULES, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(
      modules.map((m) => m.name).filter((name) => !tierOf.has(name)),
      "Add the new module to MODULE_TIERS at the tier its imports give it",
    ).toEqual([]);
    const graph = folderGraph(
      productFiles().filter((file) => !isRoutes(file)),
      moduleOf,
      read,
    );
    const upward = [...graph].flatMap(([from, edges]) =>
      [...edges].flatMap(([to, imports]) =>
        (tierOf.get(to) ?? 0) > (tierOf.get(from) ?? 0)
          ? []
          : imports.map((i) => `${show(i)}: ${from} may not use ${to} (same or higher tier)`),
      ),
    );
    expect(upward, "Move the use case up to the module that needs both, or the shared piece down").toEqual(
      [],
    );
  });

  it("another module is entered only through its index.ts", () => {
    const problems = productFiles().flatMap((file) => {
      const from = moduleOf(file);
      if (!from) return [];
      return localImports(file, read(file)).flatMap((entry) => {
        const to = moduleOf(entry.target);
        if (!to || to === from) return [];
        const door = path.join(MODULES, to, "index.ts");
        if (!existsSync(door)) return [`${show(entry)}, but ${to} has no index.ts`];
        return entry.target === door ? [] : [`${show(entry)}: past the index.ts of ${to}`];
      });
    });
    expect(problems, "Export what other modules need from the module's index.ts and import that").toEqual([]);
  });

  it("route plugins are registered by app.ts alone", () => {
    const problems = productFiles()
      .filter((file) => fromSrc(file) !== "app.ts")
      .flatMap((file) => localImports(file, read(file)))
      .filter((entry) => isRoutes(`${entry.target}`))
      .map(show);
    expect(problems).toEqual([]);
  });

  it("journals, audit entries, emails and card refunds are written only through the unit of work", () => {
    const problems = productFiles().flatMap((file) => {
      const at = fromSrc(file);
      if (at === "unit-of-work.ts") return [];
      const source = read(file);
      return UNIT_OF_WORK_EFFECTS.filter(
        ({ name, definedIn }) => definedIn !== at && new RegExp(`\\b${name}\\b`).test(source),
      ).map(({ name }) => `${at} uses ${name}`);
    });
    expect(
      problems,
      "Call uow.post / uow.audit / uow.email / uow.refund inside ctx.transact instead",
    ).toEqual([]);
  });

  it("each use case is a function of its own, not a method of a service built per route", () => {
    const problems = productFiles()
      .filter((file) => /export function create\w+Service\(/.test(read(file)))
      .map(fromSrc);
    expect(problems, "Turn each method into modules/<domain>/<verb-noun>.ts exporting one function").toEqual(
      [],
    );
  });
});
