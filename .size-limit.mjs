// Size budget for the web app's first load (`npm run size`, after `npm run build`).
//
// The initial JS is whatever index.html makes the browser fetch before the app can run: the entry
// script, the chunks it modulepreloads, and anything those import statically. Chunk file names are
// hashed and Rollup names shared chunks after one of their modules (today's "createLucideIcon" chunk
// is mostly react-router), so a glob would silently miss a renamed chunk. The list is therefore read
// from the built index.html and the chunks' own import statements.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dist = join(dirname(fileURLToPath(import.meta.url)), "apps/web/dist");
const indexHtml = join(dist, "index.html");
if (!existsSync(indexHtml)) throw new Error(`${indexHtml} is missing: run \`npm run build\` first`);

const html = readFileSync(indexHtml, "utf8");
const initial = new Set();
const visit = (file) => {
  if (initial.has(file)) return;
  initial.add(file);
  const code = readFileSync(join(dist, file), "utf8");
  // Static imports only (`import"./x.js"`, `from"./x.js"`); `import("./x.js")` is a lazy route.
  for (const [, name] of code.matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([\w.-]+\.js)["'`]/g)) {
    visit(join(dirname(file), name));
  }
};
for (const [, src] of html.matchAll(
  /<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g,
)) {
  visit(src);
}

export default [
  {
    name: "Initial JS of every page (entry + modulepreloads + their static imports)",
    path: [...initial].map((file) => join("apps/web/dist", file)),
    gzip: true,
    // 123 kB since issue 31 (122,818 B measured): the terms, privacy and accept pages' routes, and the
    // bundler now carving the JSX runtime and its CommonJS helper out of the entry into two small shared
    // chunks (about 0.8 kB of gzip between them) once those pages shared them with the account screens.
    // 122 kB since issue 23 (121,614 B measured): seven new pages (progress, messages, the guardian's
    // home, invitation and account, admin messages) put their lazy-route preload lists in the router,
    // which is in the entry; 121 kB held from the admin Jobs route until then. The lists are the cost to
    // win back next (the admin console's thirteen routes could move into its lazy layout).
    // 124 kB since issue 33 (123,238 B measured): the test package page and the admin's pass-promise
    // page, whose route entries and preload lists (and the new shared schema chunk in them) add 391 B.
    // Grouping icons into one lazy chunk was tried and pulled them into the entry (+6.8 kB): the fix is
    // still moving the admin routes out of the entry (React Router's patchRoutesOnNavigation).
    limit: "124 kB",
  },
];
