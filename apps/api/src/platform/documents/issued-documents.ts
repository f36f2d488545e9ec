/**
 * Stored documents (db/schema/documents.ts), served byte for byte without a rendering thread.
 *
 * Issued once (issuedDocument): legal records — a tax invoice with its adjustment notes, a paid payout's
 * statement (RCTI), a closed quarter's GST summary. Rendered the first time they are asked for, stored
 * with a content hash and served from storage ever after. Keyed by what makes a new document (by default
 * the data they show, so a refund's adjustment note makes a new invoice beside the old one), never by the
 * template, so a changed template never changes an issued document.
 *
 * Cached until their data changes (cachedDocument): documents that change — a logbook, the current
 * quarter's GST summary. Keyed by the data they show; rendering new data replaces the subject's previous
 * rendering, so one copy per subject is kept, not one per day it was asked for.
 *
 * A failed write is not a failed download: the rendered bytes are sent, nothing half-written is kept
 * (one INSERT, in one transaction with a cached document's DELETE), and the next request renders and
 * tries to store again. Stored bytes whose hash no longer matches are never served: they are rendered anew.
 *
 * A caller that already read the subject's stored keys in its own query (`stored`: a tax invoice reads
 * them with its payment) is served without another round trip when the bytes are in this process's
 * memory: stored bytes never change, so they are kept by their content hash (a bounded LRU) and a hot
 * document is not read out of the database on every download. Requests for the same document
 * at the same moment share one rendering (single flight, per process): a student asking for their
 * invoice 20 times at once takes one place in the rendering queue, not 20.
 */
import { createHash } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { LRUCache } from "lru-cache";
import type { Database } from "../../db/client.ts";
import { issuedDocuments } from "../../db/schema/index.ts";
import type { PdfKind } from "../../lib/pdf/render-pool.ts";

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

type StoreContext = { db: Database; log: FastifyBaseLogger };

interface StoreInput {
  kind: PdfKind;
  /** What it documents: a payment's id, a payout's id, a learner's id, a period. */
  subjectId: string;
  /** Called only when nothing stored fits: a stored document costs neither its queries nor a thread. */
  render: () => Promise<Buffer>;
  now: Date;
  /**
   * The subject's stored keys, when the caller read them in its own query: the one whose data hash fits
   * is served without a query of its own if its bytes are in memory. Absent: they are read here.
   */
  stored?: readonly StoredKey[];
}

/** Which stored document is which: what it was issued for, and the hash of its bytes. */
export interface StoredKey {
  dataHash: string;
  contentHash: string;
}

/** A stored document as issued_documents keeps it. */
interface StoredRow extends StoredKey {
  bytes: Buffer;
}

/**
 * Stored bytes by content hash, verified when read from the database. A hash names its bytes for ever,
 * so an entry is never stale, only evicted. Bounded by size: a hot invoice stays, a year of statements
 * does not fill the heap.
 */
const bytesByContentHash = new LRUCache<string, Buffer>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (bytes) => Math.max(1, bytes.length),
});

interface IssueInput extends StoreInput {
  /**
   * What makes a new document of the subject, as plain data: what an invoice shows (a refund adds an
   * adjustment note, a new document beside the old one), or a constant for a record issued once whatever
   * its data later shows (a closed quarter's GST summary, a paid payout's RCTI).
   */
  issuedFor: unknown;
}

interface CacheInput extends StoreInput {
  /** What the document shows: its renderer's input, plain data. */
  data: unknown;
}

export interface StoredDocument {
  bytes: Buffer;
  /** SHA-256 of the bytes: the download's ETag. */
  contentHash: string;
  /** True when served from storage, false when rendered for this request. */
  stored: boolean;
}

/** A legal record: the bytes first rendered for its key, ever after. */
export function issuedDocument(ctx: StoreContext, input: IssueInput): Promise<StoredDocument> {
  return storedDocument(ctx, input, sha256(JSON.stringify(input.issuedFor)), false);
}

/** A document that changes: the bytes rendered for its current data, one rendering kept per subject. */
export function cachedDocument(ctx: StoreContext, input: CacheInput): Promise<StoredDocument> {
  return storedDocument(ctx, input, sha256(JSON.stringify(input.data)), true);
}

/** A document rendered for one request only: its bytes and the hash its ETag gives, like a stored one's. */
export async function renderedDocument(render: () => Promise<Buffer>): Promise<StoredDocument> {
  const bytes = await render();
  return { bytes, contentHash: sha256(bytes), stored: false };
}

/**
 * Renderings under way in this process (per database), by kind, subject and data hash: a request that
 * finds nothing stored joins the one already rendering the same document instead of queueing its own.
 * Other replicas may still render it once each; the INSERT's conflict keeps one and all of them send it.
 * A rendering that fails (queue full, thread crashed) fails every request that joined it.
 */
const inFlightByDatabase = new WeakMap<Database, Map<string, Promise<StoredDocument>>>();

function renderingsOf(db: Database) {
  let renderings = inFlightByDatabase.get(db);
  if (!renderings) {
    renderings = new Map();
    inFlightByDatabase.set(db, renderings);
  }
  return renderings;
}

async function storedDocument(
  ctx: StoreContext,
  input: StoreInput,
  dataHash: string,
  replacesOthers: boolean,
): Promise<StoredDocument> {
  const known = input.stored?.find((r) => r.dataHash === dataHash);
  const bytes = known && bytesByContentHash.get(known.contentHash);
  if (known && bytes) return { bytes, contentHash: known.contentHash, stored: true };
  const flightKey = `${input.kind}:${input.subjectId}:${dataHash}`;
  const inFlight = renderingsOf(ctx.db);
  const running = inFlight.get(flightKey);
  if (running) return running;
  const flight = renderAndStore(ctx, input, dataHash, replacesOthers);
  inFlight.set(flightKey, flight);
  try {
    return await flight;
  } finally {
    inFlight.delete(flightKey);
  }
}

/**
 * The row's bytes when they still match their hash, then kept in memory; damaged bytes are logged and
 * never served.
 */
function checked(ctx: StoreContext, input: StoreInput, row: StoredRow) {
  if (sha256(row.bytes) === row.contentHash) {
    bytesByContentHash.set(row.contentHash, row.bytes);
    return { bytes: row.bytes, contentHash: row.contentHash };
  }
  ctx.log.error({ kind: input.kind, subjectId: input.subjectId }, "stored document damaged");
  return null;
}

async function renderAndStore(
  ctx: StoreContext,
  input: StoreInput,
  dataHash: string,
  replacesOthers: boolean,
): Promise<StoredDocument> {
  const ofSubject = and(eq(issuedDocuments.kind, input.kind), eq(issuedDocuments.subjectId, input.subjectId));
  const key = and(ofSubject, eq(issuedDocuments.dataHash, dataHash));
  const read = async () => {
    const [row] = await ctx.db
      .select({
        dataHash: issuedDocuments.dataHash,
        bytes: issuedDocuments.bytes,
        contentHash: issuedDocuments.contentHash,
      })
      .from(issuedDocuments)
      .where(key);
    return row ? checked(ctx, input, row) : null;
  };
  // A caller's own read may predate a rendering that finished since (one that was in flight when it
  // read): the rows are read again before rendering, which costs a round trip only on the way to a render.
  const found = await read();
  if (found) return { ...found, stored: true };

  const bytes = await input.render();
  const contentHash = sha256(bytes);
  const row = {
    kind: input.kind,
    subjectId: input.subjectId,
    dataHash,
    contentHash,
    bytes,
    issuedAt: input.now,
  };
  try {
    if (replacesOthers) {
      await ctx.db.transaction(async (tx) => {
        await tx.delete(issuedDocuments).where(and(ofSubject, ne(issuedDocuments.dataHash, dataHash)));
        await tx.insert(issuedDocuments).values(row).onConflictDoNothing();
      });
    } else {
      await ctx.db.insert(issuedDocuments).values(row).onConflictDoNothing();
    }
    // Two first requests at once (two replicas): both rendered, one was kept, and both send the one kept.
    const kept = await read();
    if (kept) return { ...kept, stored: false };
  } catch (err) {
    ctx.log.warn({ err, kind: input.kind, subjectId: input.subjectId }, "could not store a document");
  }
  return { bytes, contentHash, stored: false };
}
