import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app.ts";

// A stand-in web build laid out like apps/web/dist after vite-precompress: each compressible file has
// .br and .gz siblings, source maps have none. The siblings' content is marked so a test can tell which
// variant was sent.
const js = `console.log(${JSON.stringify("kerb ".repeat(200))})`;
const html = `<!doctype html><title>Kerb</title><div id=root></div><!-- ${"padding ".repeat(100)} -->`;

describe("precompressed web assets [pglite]", () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), "kerb-web-"));
    mkdirSync(join(web, "assets"));
    writeFileSync(join(web, "index.html"), html);
    writeFileSync(join(web, "index.html.br"), brotliCompressSync(html));
    writeFileSync(join(web, "index.html.gz"), gzipSync(html));
    writeFileSync(join(web, "assets", "app-abc123.js"), js);
    writeFileSync(join(web, "assets", "app-abc123.js.br"), brotliCompressSync(js));
    writeFileSync(join(web, "assets", "app-abc123.js.gz"), gzipSync(js));
    // Only a gzip sibling: brotli clients must fall back to it.
    writeFileSync(join(web, "assets", "only-gzip-abc123.css"), "body{}");
    writeFileSync(join(web, "assets", "only-gzip-abc123.css.gz"), gzipSync("body{}"));
    writeFileSync(join(web, "assets", "app-abc123.js.map"), '{"version":3,"sources":["secret.ts"]}');
    // Even if a careless build compressed a map, it must never be served.
    writeFileSync(
      join(web, "assets", "app-abc123.js.map.br"),
      brotliCompressSync('{"sources":["secret.ts"]}'),
    );
    t = await createTestApp("pglite", { env: { WEB_DIST_DIR: web } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ url, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });

  it("sends brotli when the browser accepts it, keeping type and immutable caching", async () => {
    const res = await get("/assets/app-abc123.js", "br, gzip");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it("sends gzip when only gzip is accepted", async () => {
    const res = await get("/assets/app-abc123.js", "gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["cache-control"]).toMatch(/immutable/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(js);
  });

  it("sends the plain file when no encoding is accepted, still varying on Accept-Encoding", async () => {
    for (const acceptEncoding of [undefined, "identity"]) {
      const res = await get("/assets/app-abc123.js", acceptEncoding);
      expect(res.headers["content-encoding"], acceptEncoding).toBeUndefined();
      expect(res.headers["cache-control"]).toMatch(/immutable/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(js);
    }
  });

  it("falls back to gzip when the brotli sibling is missing", async () => {
    const res = await get("/assets/only-gzip-abc123.css", "br, gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["content-type"]).toMatch(/text\/css/);
    expect(gunzipSync(res.rawPayload).toString()).toBe("body{}");
  });

  it("serves index.html compressed and uncached for / and for deep links (SPA fallback)", async () => {
    for (const url of ["/", "/login", "/student/book?resume=true"]) {
      const res = await get(url, "br, gzip");
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-encoding"], url).toBe("br");
      expect(res.headers["content-type"], url).toMatch(/text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);

      const plain = await get(url);
      expect(plain.headers["content-encoding"], url).toBeUndefined();
      expect(plain.headers["cache-control"], url).toBe("no-cache");
      expect(plain.body, url).toBe(html);
    }
  });

  it("never serves source maps or the compressed siblings by their own names", async () => {
    for (const url of [
      "/assets/app-abc123.js.map",
      "/assets/app-abc123.js.map.br",
      "/assets/app-abc123.js.br",
      "/assets/app-abc123.js.gz",
      "/index.html.br",
    ]) {
      for (const acceptEncoding of ["br, gzip", "gzip", undefined]) {
        const res = await get(url, acceptEncoding);
        expect(res.statusCode, `${url} ${acceptEncoding}`).toBe(404);
        expect(res.headers["content-encoding"], url).toBeUndefined();
        expect(res.body, url).not.toContain("secret.ts");
      }
    }
  });

  it("times every asset file in one /assets/* series, not one per hashed file name", async () => {
    await get("/assets/app-abc123.js");
    await get("/assets/only-gzip-abc123.css");
    const text = await t.app.metrics.registry.metrics();
    expect(text).toContain('route="/assets/*"');
    expect(text).not.toContain("app-abc123");
    expect(text).not.toContain("only-gzip-abc123");
  });
});
