/**
 * Documents issued once and documents cached until their data changes (issued-documents.ts), over HTTP:
 * a paid payout's statement (RCTI) and a closed quarter's GST summary are the bytes of their first
 * download ever after, whatever changes since; the current quarter's summary and a logbook are the same
 * bytes until their data changes, with one rendering kept per subject; and a storage write that fails
 * still sends the document, leaves the payout as it was, and is stored at the next download.
 */
import { createHash } from "node:crypto";
import {
  addDaysToDate,
  dollarsToCents,
  formatAud,
  lastFullQuarter,
  quarterStartOf,
  sydneyDateOf,
} from "@kerb/shared/rules";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuedDocuments, payouts, users } from "../../db/schema/index.ts";
import {
  addHours,
  insertLesson,
  insertPaidLesson,
  newInstructor,
  newStudent,
} from "../../test/fixtures/instructor-fixtures.ts";
import { download, insertOutcome, periodAt, sydneyAt } from "../../test/fixtures/payout-fixtures.ts";
import { api } from "../../test/http.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describeEachDatabase("stored documents", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let admin: string;
  let gina: { id: string; token: string };
  let student: { id: string; token: string };
  let payoutId: string;

  /** A download that must succeed: its bytes, checked to be a PDF sent with their hash as ETag. */
  const pdf = async (url: string, token: string) => {
    const res = await download(t.app, url, token);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.raw.subarray(0, 5).toString()).toBe("%PDF-");
    expect(res.headers.etag).toBe(`"${sha256(res.raw)}"`);
    return res.raw;
  };
  const storedOf = (docKind: string, subjectId: string) =>
    t.database.db
      .select()
      .from(issuedDocuments)
      .where(and(eq(issuedDocuments.kind, docKind), eq(issuedDocuments.subjectId, subjectId)));
  /** Serves `marker` from storage in place of the stored bytes: what is sent next shows where it came from. */
  const replaceStored = async (docKind: string, subjectId: string, marker: string) => {
    const bytes = Buffer.from(marker);
    await t.database.db
      .update(issuedDocuments)
      .set({ bytes, contentHash: sha256(bytes) })
      .where(and(eq(issuedDocuments.kind, docKind), eq(issuedDocuments.subjectId, subjectId)));
    return bytes;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true, env: { DOCUMENT_RATE_LIMIT_MAX: "1000" } });
    http = api(t.app);
    admin = (await http.login("admin@demo.test")).accessToken;
    gina = await newInstructor(http, t.database.db, { firstName: "Gina", lastName: "Statement" });
    student = await newStudent(http, { firstName: "Sam", lastName: "Stored" });
    const period = periodAt(t.clock.now);
    await insertOutcome(t.database.db, {
      studentId: student.id,
      instructorId: gina.id,
      start: sydneyAt(period.tuesday, 9),
      status: "COMPLETED",
      priceCents: 8000,
    });
    const run = await http.post("/api/admin/payouts/run", undefined, admin);
    expect(run.status).toBe(200);
    payoutId = run.body.payouts.find((p: { instructorId: string }) => p.instructorId === gina.id)?.id;
    expect(payoutId).toBeTruthy();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("a paid payout's statement", () => {
    const url = () => `/api/instructor/payouts/${payoutId}/statement.pdf`;

    it("is stored at its first download and sent byte for byte from storage thereafter", async () => {
      const first = await pdf(url(), gina.token);
      const second = await pdf(url(), gina.token);
      expect(second.equals(first)).toBe(true);
      const rows = await storedOf("payoutStatement", payoutId);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.contentHash).toBe(sha256(first));
      expect(pdfText(first)).toContain("Gina Statement");

      // The instructor renames herself: the RCTI issued keeps the name it was issued with.
      await t.database.db.update(users).set({ firstName: "Regina" }).where(eq(users.id, gina.id));
      const afterRename = await pdf(url(), gina.token);
      expect(afterRename.equals(first)).toBe(true);
      expect(await storedOf("payoutStatement", payoutId)).toHaveLength(1);

      // What is sent is what is stored, not a new rendering: a changed template changes nothing issued.
      const marker = await replaceStored("payoutStatement", payoutId, "%PDF-1.3 statement as issued");
      expect((await download(t.app, url(), gina.token)).raw.equals(marker)).toBe(true);
      await t.database.db.delete(issuedDocuments).where(eq(issuedDocuments.subjectId, payoutId));
      await t.database.db.update(users).set({ firstName: "Gina" }).where(eq(users.id, gina.id));
    });

    it("is rendered for each request while the payout can still change (failed, to be retried)", async () => {
      await t.database.db.update(payouts).set({ status: "FAILED" }).where(eq(payouts.id, payoutId));
      try {
        const text = pdfText(await pdf(url(), gina.token));
        expect(text).toContain("Gina Statement");
        expect(await storedOf("payoutStatement", payoutId)).toHaveLength(0);
        await t.database.db.update(users).set({ firstName: "Regina" }).where(eq(users.id, gina.id));
        expect(pdfText(await pdf(url(), gina.token))).toContain("Regina Statement");
        expect(await storedOf("payoutStatement", payoutId)).toHaveLength(0);
      } finally {
        await t.database.db.update(payouts).set({ status: "PAID" }).where(eq(payouts.id, payoutId));
        await t.database.db.update(users).set({ firstName: "Gina" }).where(eq(users.id, gina.id));
      }
    });

    it("is another instructor's 404, and nothing is stored for them", async () => {
      const other = await newInstructor(http, t.database.db, { firstName: "Olly", lastName: "Other" });
      expect((await download(t.app, url(), other.token)).status).toBe(404);
      expect(await storedOf("payoutStatement", payoutId)).toHaveLength(0);
    });
  });

  describe("a storage write that fails", () => {
    // The database refuses every new stored document, as a full disk or a lost connection would.
    beforeAll(async () => {
      await t.database.db.execute(
        sql.raw(`CREATE FUNCTION refuse_document() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'storage unavailable'; END $$`),
      );
      await t.database.db.execute(
        sql.raw(
          "CREATE TRIGGER refuse_document BEFORE INSERT ON issued_documents FOR EACH ROW EXECUTE FUNCTION refuse_document()",
        ),
      );
    });

    it("still sends the statement, leaves the payout as it was, and stores it at the next download", async () => {
      const url = `/api/instructor/payouts/${payoutId}/statement.pdf`;
      const [before] = await t.database.db.select().from(payouts).where(eq(payouts.id, payoutId));
      const sent = await pdf(url, gina.token);
      expect(pdfText(sent)).toContain("Gina Statement");
      expect(await storedOf("payoutStatement", payoutId)).toHaveLength(0);
      const [after] = await t.database.db.select().from(payouts).where(eq(payouts.id, payoutId));
      expect(after).toEqual(before);
      expect(after?.status).toBe("PAID");

      // A logbook too: sent, not kept.
      await pdf("/api/student/logbook.pdf", student.token);
      expect(await storedOf("logbook", student.id)).toHaveLength(0);

      await t.database.db.execute(sql.raw("DROP TRIGGER refuse_document ON issued_documents"));
      const next = await pdf(url, gina.token);
      const rows = await storedOf("payoutStatement", payoutId);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.contentHash).toBe(sha256(next));
      expect((await pdf(url, gina.token)).equals(next)).toBe(true);
    });
  });

  describe("GST summaries", () => {
    const summaryUrl = (range: { from: string; to: string }, format = ".pdf") =>
      `/api/admin/gst-summary${format}?from=${range.from}&to=${range.to}`;
    const g1 = async (range: { from: string; to: string }) =>
      formatAud(dollarsToCents((await http.get(summaryUrl(range, ""), admin)).body.g1Sales));

    it("of a closed quarter is issued once: unchanged by later data or another day", async () => {
      const quarter = lastFullQuarter(t.clock.now);
      const subject = `${quarter.from}..${quarter.to}`;
      const first = await pdf(summaryUrl(quarter), admin);
      expect(pdfText(first)).toContain(`G1 Total sales (incl. GST) ${await g1(quarter)}`);
      expect((await pdf(summaryUrl(quarter), admin)).equals(first)).toBe(true);
      expect(await storedOf("gstSummary", subject)).toHaveLength(1);

      // A payment recorded late inside the quarter changes its figures, not the summary issued for it.
      const before = await g1(quarter);
      await insertOutcome(t.database.db, {
        studentId: student.id,
        instructorId: gina.id,
        start: sydneyAt(addDaysToDate(quarter.to, -20), 10),
        status: "COMPLETED",
        priceCents: 12_345,
      });
      expect(await g1(quarter)).not.toBe(before);
      t.clock.advanceMinutes(24 * 60);
      try {
        const later = await pdf(summaryUrl(quarter), admin);
        expect(later.equals(first)).toBe(true);
        expect(pdfText(later)).toContain(`G1 Total sales (incl. GST) ${before}`);
        expect(await storedOf("gstSummary", subject)).toHaveLength(1);
      } finally {
        t.clock.advanceMinutes(-24 * 60);
      }
    });

    it("of the current quarter is kept until its figures change, one rendering at a time", async () => {
      const from = quarterStartOf(sydneyDateOf(t.clock.now));
      const current = { from, to: addDaysToDate(quarterStartOf(addDaysToDate(from, 100)), -1) };
      const first = await pdf(summaryUrl(current), admin);
      expect((await pdf(summaryUrl(current), admin)).equals(first)).toBe(true);
      const marker = await replaceStored("gstSummary", "open-period", "%PDF-1.3 current quarter as kept");
      expect((await download(t.app, summaryUrl(current), admin)).raw.equals(marker)).toBe(true);

      // A lesson paid today: new figures, a new rendering in place of the old one.
      await insertPaidLesson(t.database.db, {
        studentId: student.id,
        instructorId: gina.id,
        start: addHours(t.clock.now, 48),
        priceCents: 9_000,
        paidAt: t.clock.now,
      });
      const changed = await pdf(summaryUrl(current), admin);
      expect(changed.equals(first)).toBe(false);
      expect(pdfText(changed)).toContain(`G1 Total sales (incl. GST) ${await g1(current)}`);
      const rows = await storedOf("gstSummary", "open-period");
      expect(rows).toHaveLength(1);
      expect(rows[0]?.contentHash).toBe(sha256(changed));
    });
  });

  describe("a logbook", () => {
    let ivy: { id: string; token: string };
    let ava: { id: string; token: string };
    let lessonId: string;

    beforeAll(async () => {
      ivy = await newInstructor(http, t.database.db, { firstName: "Ivy", lastName: "Teach" });
      ava = await newStudent(http, { firstName: "Ava", lastName: "Logbook" });
      lessonId = await insertLesson(t.database.db, {
        studentId: ava.id,
        instructorId: ivy.id,
        start: new Date("2026-03-10T10:00:00+11:00"),
        minutes: 60,
        status: "COMPLETED",
        suburb: "Sydney CBD",
      });
    });

    it("is kept until a lesson is confirmed, then rendered anew in place of the old one", async () => {
      const first = await pdf("/api/student/logbook.pdf", ava.token);
      expect(pdfText(first)).toContain("Not yet");
      expect((await pdf("/api/student/logbook.pdf", ava.token)).equals(first)).toBe(true);
      const rows = await storedOf("logbook", ava.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.contentHash).toBe(sha256(first));

      const confirmed = await http.put(
        `/api/instructor/lessons/${lessonId}/record`,
        { skills: [{ skill: "Roundabouts", level: "PRACTISING" }], confirmLogbook: true },
        ivy.token,
      );
      expect(confirmed.status).toBe(200);
      const after = await pdf("/api/student/logbook.pdf", ava.token);
      expect(after.equals(first)).toBe(false);
      const text = pdfText(after);
      expect(text).toContain("Ivy Teach 1:00 0:00 3:00 Yes");
      expect(text).not.toContain("Not yet");
      const kept = await storedOf("logbook", ava.id);
      expect(kept).toHaveLength(1);
      expect(kept[0]?.contentHash).toBe(sha256(after));
      expect((await pdf("/api/student/logbook.pdf", ava.token)).equals(after)).toBe(true);
    });
  });
});
