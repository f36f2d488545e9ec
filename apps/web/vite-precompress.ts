import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts in other formats are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/i;
/** Tiny files (the favicon) gain less than the Content-Encoding and Vary headers cost; index.html is above this. */
const MIN_BYTES = 512;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the build, so the API
 * (@fastify/static `preCompressed`) answers `Accept-Encoding` from disk instead of compressing on every
 * request. Brotli at its maximum quality: it costs build time once, not request time.
 * Source maps are never compressed: they are never served (the API answers 404 for them), and a
 * `.map.br` sibling must not exist to be served by mistake. A variant that is not smaller is skipped:
 * @fastify/static then falls back to the next encoding, finally the plain file.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "kerb:precompress",
    apply: "build",
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
        jobs.push(
          (async () => {
            const source = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < source.length) await writeFile(`${file}.br`, br);
            if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}
