import { customType, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** PostgreSQL's bytea as a Node Buffer (pg and PGlite both hand one back, PGlite as a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Documents issued as legal records (tax invoices with their adjustment notes, paid payouts' statements,
 * closed quarters' GST summaries), stored as the bytes first sent, so the same document is served byte
 * for byte ever after and a changed template never changes one already issued
 * (platform/documents/issued-documents.ts). What makes a new document is part of its key: for an invoice
 * its data (a refund adds an adjustment note: a new document beside the old one). Documents that change
 * (a logbook, the current quarter's summary) are kept here too, one rendering per subject, until their
 * data changes.
 */
export const issuedDocuments = pgTable(
  "issued_documents",
  {
    /** taxInvoice, … (lib/pdf/render-pool.ts PdfKind). */
    kind: text().notNull(),
    /**
     * What it documents: the payment's id for a tax invoice, the payout's for its statement, the learner's
     * for a logbook, the period ("2026-07-01..2026-09-30") for a closed quarter's GST summary.
     */
    subjectId: text().notNull(),
    /** SHA-256 of what makes it a new document: the data it was rendered from, or a constant for one issued once. */
    dataHash: text().notNull(),
    /** SHA-256 of `bytes`, checked before they are served. */
    contentHash: text().notNull(),
    bytes: bytea().notNull(),
    /** When it was rendered and stored. */
    issuedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId, t.dataHash] })],
);
