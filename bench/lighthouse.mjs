/**
 * Lighthouse budget (`npm run bench:lighthouse` builds first, then runs this).
 *
 * Starts the production server (apps/api/dist/server.js) on a fresh PGlite DATA_DIR with the demo data,
 * then runs Lighthouse (mobile preset: simulated slow 4G and 4x CPU slowdown) in Debian Chromium
 * against the pages a new visitor meets first: /, /login, /register, and the booking wizard's first
 * step (/student/book, signed in as the demo student). Each page is measured LIGHTHOUSE_RUNS times
 * (default 3), each run in a fresh Chromium profile, so every run is a cold first visit; the median run
 * by performance score is reported.
 *
 * Prints a table and writes bench/results/lighthouse.json. Exits 1 when a page's median misses the
 * targets: performance >= 0.95 and accessibility = 1.
 *
 * Environment: CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (3), LIGHTHOUSE_PAGES (a comma
 * list of page names: home, login, register, wizard; default all), WEB_DIST_DIR (another build to serve).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { root, serverEntry, serverEnv, startServer, stopServer } from "./lib.mjs";

// The lighthouse this script imports: the bench workspace's own (bench/node_modules) or a hoisted one.
const lighthouseVersion = () =>
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve("lighthouse/package.json"), "utf8")).version;

// WEB_DIST_DIR serves another build (for example an older one, to compare); default: this checkout's.
const webDist = process.env.WEB_DIST_DIR ?? join(root, "apps/web/dist");
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const TARGET = { performance: 0.95, accessibility: 1 };
// TESTING.md: the flags Debian Chromium needs here (no sandbox as root, no GPU, nothing phoning home).
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
const DEMO_STUDENT = { email: "student@demo.test", password: "demo1234" };
const allPages = [
  { name: "home", path: "/" },
  { name: "login", path: "/login" },
  { name: "register", path: "/register" },
  // The wizard's first step ("How would you like to book?") needs a signed-in student.
  { name: "wizard", path: "/student/book", signedIn: true },
];
// LIGHTHOUSE_PAGES=login,wizard measures only those (by name); default: all four.
const only = process.env.LIGHTHOUSE_PAGES?.split(",").map((name) => name.trim());
const pages = only ? allPages.filter((page) => only.includes(page.name)) : allPages;

async function signIn(base) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_STUDENT),
  });
  if (!res.ok) throw new Error(`demo student sign-in failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Puts the session where the app keeps it (localStorage "kerb.auth") before Lighthouse loads the page.
 * It opens a same-origin file the app never needs (the favicon), so the HTTP cache stays empty of the
 * app's own files and the measured load is still a cold one.
 */
async function storeSession(port, base, session) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/favicon.svg`);
    await page.evaluate((value) => window.localStorage.setItem("kerb.auth", value), JSON.stringify(session));
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** Bytes of JavaScript the page fetched, as sent (brotli when served) and as gzip -9 of the same files. */
function scriptBytes(lhr) {
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  let transferred = 0;
  let gzip = 0;
  const files = [];
  for (const request of requests) {
    if (request.resourceType !== "Script") continue;
    const path = new URL(request.url).pathname;
    transferred += request.transferSize ?? 0;
    const file = join(webDist, path);
    gzip += existsSync(file)
      ? gzipSync(readFileSync(file), { level: 9 }).length
      : (request.resourceSize ?? 0);
    files.push(path);
  }
  return { transferred, gzip, files };
}

async function measure(base, page) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    if (page.signedIn) await storeSession(chrome.port, base, await signIn(base));
    const result = await lighthouse(`${base}${page.path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      // Keep the session stored above; the profile is fresh, so nothing else is there to reset.
      disableStorageReset: Boolean(page.signedIn),
    });
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
    const metric = (id) => lhr.audits[id]?.numericValue ?? null;
    return {
      finalUrl: lhr.finalDisplayedUrl,
      performance: lhr.categories.performance.score,
      accessibility: lhr.categories.accessibility.score,
      metricsMs: {
        firstContentfulPaint: metric("first-contentful-paint"),
        largestContentfulPaint: metric("largest-contentful-paint"),
        totalBlockingTime: metric("total-blocking-time"),
        speedIndex: metric("speed-index"),
      },
      cumulativeLayoutShift: metric("cumulative-layout-shift"),
      // Everything the first visit downloaded (HTML, CSS, JS, icons, API answers), as sent on the wire.
      totalBytesSent: metric("total-byte-weight"),
      scripts: scriptBytes(lhr),
      failedAccessibilityAudits: Object.values(lhr.audits)
        .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0))
        .filter((a) => a.score !== null && a.score < 1)
        .map((a) => a.id),
    };
  } finally {
    chrome.kill();
  }
}

function median(results) {
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)];
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => (value === null ? "-" : `${Math.round(value)} ms`);

function printTable(rows) {
  const header = ["page", "perf", "a11y", "FCP", "LCP", "TBT", "CLS", "JS sent", "JS gzip", "all sent", "ok"];
  const lines = rows.map(({ page, median: m, ok }) => [
    page.path,
    m.performance.toFixed(2),
    m.accessibility.toFixed(2),
    ms(m.metricsMs.firstContentfulPaint),
    ms(m.metricsMs.largestContentfulPaint),
    ms(m.metricsMs.totalBlockingTime),
    (m.cumulativeLayoutShift ?? 0).toFixed(3),
    kb(m.scripts.transferred),
    kb(m.scripts.gzip),
    kb(m.totalBytesSent ?? 0),
    ok ? "yes" : "NO",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
  console.log(format(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(format(line));
}

async function main() {
  for (const file of [serverEntry, join(webDist, "index.html"), chromePath]) {
    if (!existsSync(file)) throw new Error(`${file} is missing (run \`npm run build\`; install chromium)`);
  }
  const workDir = mkdtempSync(join(tmpdir(), "kerb-lighthouse-"));
  const env = await serverEnv(workDir, {
    SEED_DEMO_DATA: "true",
    DATA_DIR: join(workDir, "data"),
    WEB_DIST_DIR: webDist,
  });
  const _port = Number(env.PORT);
  console.log(`kerb lighthouse: ${runs} run(s) per page, mobile preset, ${chromePath}`);
  const server = await startServer(env, join(workDir, "server.log"));
  const rows = [];
  try {
    for (const page of pages) {
      const results = [];
      for (let i = 0; i < runs; i++) results.push(await measure(server.base, page));
      const m = median(results);
      const ok = m.performance >= TARGET.performance && m.accessibility >= TARGET.accessibility;
      rows.push({ page, median: m, ok, runs: results });
      console.log(`  ${page.path}: perf ${results.map((r) => r.performance.toFixed(2)).join(" ")}`);
    }
  } finally {
    await stopServer(server.child);
    rmSync(workDir, { recursive: true, force: true });
  }

  printTable(rows);
  const output = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? "unknown", node: process.version },
    lighthouse: lighthouseVersion(),
    preset: "mobile (Lighthouse default: simulated slow 4G, 4x CPU slowdown)",
    runsPerPage: runs,
    target: TARGET,
    pages: rows.map(({ page, median: m, ok, runs: all }) => ({
      name: page.name,
      path: page.path,
      signedIn: Boolean(page.signedIn),
      ok,
      median: m,
      performanceRuns: all.map((r) => r.performance),
    })),
  };
  mkdirSync(join(root, "bench/results"), { recursive: true });
  writeFileSync(join(root, "bench/results/lighthouse.json"), `${JSON.stringify(output, null, 2)}\n`);
  console.log("wrote bench/results/lighthouse.json");
  const missed = rows.filter((r) => !r.ok);
  for (const { page, median: m } of missed) {
    const audits = m.failedAccessibilityAudits.length
      ? ` (a11y: ${m.failedAccessibilityAudits.join(", ")})`
      : "";
    console.error(`below target: ${page.path} perf ${m.performance} a11y ${m.accessibility}${audits}`);
  }
  process.exitCode = missed.length ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
