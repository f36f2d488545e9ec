import { customType, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** PostgreSQL's bytea as a Node Buffer (pg and PGlite both hand one back, PGlite as a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Documents issued as legal records (tax invoices with their adjustment notes), stored as the bytes
 * first sent, so the same document is served byte for byte ever after and a changed template never
 * changes one already issued (platform/documents/issued-documents.ts). A document's data (a refund adds
 * an adjustment note) is part of its key: new data, a new document beside the old one.
 */
export const issuedDocuments = pgTable(
  "issued_documents",
  {
    /** taxInvoice, … (lib/pdf/render-pool.ts PdfKind). */
    kind: text().notNull(),
    /** What it documents: the payment's id for a tax invoice. */
    subjectId: text().notNull(),
    /** SHA-256 of the data it was rendered from. */
    dataHash: text().notNull(),
    /** SHA-256 of `bytes`, checked before they are served. */
    contentHash: text().notNull(),
    bytes: bytea().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId, t.dataHash] })],
);
