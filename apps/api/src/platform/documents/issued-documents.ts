/**
 * Documents issued once (a tax invoice and its adjustment notes): rendered the first time they are asked
 * for, stored with a content hash (db/schema/documents.ts), and served from storage ever after, byte for
 * byte, without a rendering thread. Keyed by the data they show, so a refund's adjustment note makes a
 * new document while a changed template never changes an issued one.
 *
 * A failed write is not a failed download: the rendered bytes are sent, nothing half-written is kept
 * (one INSERT), and the next request renders and tries to store again. Stored bytes whose hash no
 * longer matches are never served: they are rendered anew.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { issuedDocuments } from "../../db/schema/index.ts";
import type { PdfKind } from "../../lib/pdf/render-pool.ts";

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

interface IssueInput {
  kind: PdfKind;
  subjectId: string;
  /** What the document shows: its renderer's input, plain data. */
  data: unknown;
  render: () => Promise<Buffer>;
  now: Date;
}

export async function issuedDocument(
  ctx: { db: Database; log: FastifyBaseLogger },
  input: IssueInput,
): Promise<{ bytes: Buffer; contentHash: string; stored: boolean }> {
  const dataHash = sha256(JSON.stringify(input.data));
  const key = and(
    eq(issuedDocuments.kind, input.kind),
    eq(issuedDocuments.subjectId, input.subjectId),
    eq(issuedDocuments.dataHash, dataHash),
  );
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
  try {
    await ctx.db
      .insert(issuedDocuments)
      .values({
        kind: input.kind,
        subjectId: input.subjectId,
        dataHash,
        contentHash,
        bytes,
        issuedAt: input.now,
      })
      .onConflictDoNothing();
    // Two first requests at once: both rendered, one was kept, and both send the one kept.
    const kept = await read();
    if (kept) return { ...kept, stored: false };
  } catch (err) {
    ctx.log.warn({ err, kind: input.kind, subjectId: input.subjectId }, "could not store an issued document");
  }
  return { bytes, contentHash, stored: false };
}
