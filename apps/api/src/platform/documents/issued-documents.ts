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
 */
import { createHash } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
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
}

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

async function storedDocument(
  ctx: StoreContext,
  input: StoreInput,
  dataHash: string,
  replacesOthers: boolean,
): Promise<StoredDocument> {
  const ofSubject = and(eq(issuedDocuments.kind, input.kind), eq(issuedDocuments.subjectId, input.subjectId));
  const key = and(ofSubject, eq(issuedDocuments.dataHash, dataHash));
  const read = async () => {
    const [row] = await ctx.db
      .select({ bytes: issuedDocuments.bytes, contentHash: issuedDocuments.contentHash })
      .from(issuedDocuments)
      .where(key);
    if (row && sha256(row.bytes) === row.contentHash) return row;
    if (row) ctx.log.error({ kind: input.kind, subjectId: input.subjectId }, "stored document damaged");
    return null;
  };
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
    // Two first requests at once: both rendered, one was kept, and both send the one kept.
    const kept = await read();
    if (kept) return { ...kept, stored: false };
  } catch (err) {
    ctx.log.warn({ err, kind: input.kind, subjectId: input.subjectId }, "could not store a document");
  }
  return { bytes, contentHash, stored: false };
}
