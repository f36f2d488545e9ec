/**
 * `npm run size`: the size budget of .size-limit.mjs, checked with size-limit's own engine and its
 * @size-limit/file plugin (gzip -9, like the CLI).
 *
 * Why a script rather than the `size-limit` CLI: it prints which files were counted (the list is read
 * from the built index.html, so a renamed chunk shows up here). size-limit is held at 12 in the bench
 * workspace (bench/package.json) because 13 and newer want Node 22 and this project promises Node 20.19+.
 * Exits 1 when a check is over its limit.
 */
import filePlugin from "@size-limit/file";
import sizeLimit from "size-limit";
import checks from "../.size-limit.mjs";

// size-limit's own reading of a limit ("120 KiB" = 122,880 B, "120 kB" = 120,000 B); its bytes.js is
// not among the package's exports.
function parseBytes(value) {
  const match = /^(\d+(?:\.\d+)?) *(?:([kmg])?(i)?b)?$/i.exec(value);
  if (!match) throw new Error(`unreadable limit: ${value}`);
  const [, number, prefix, iec] = match;
  const power = prefix ? "kmg".indexOf(prefix.toLowerCase()) + 1 : 0;
  return Math.floor(Number(number) * (iec ? 1024 : 1000) ** power);
}
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

let over = false;
for (const check of checks) {
  const [{ size }] = await sizeLimit([filePlugin], { checks: [{ files: check.path, gzip: check.gzip }] });
  const limit = parseBytes(check.limit);
  const ok = size <= limit;
  over ||= !ok;
  console.log(`${ok ? "ok  " : "OVER"} ${check.name}`);
  console.log(
    `     ${kib(size)} gzip (${size} B) of ${check.limit} (${limit} B), ${check.path.length} files:`,
  );
  for (const file of check.path) console.log(`       ${file}`);
}
process.exitCode = over ? 1 : 0;
