import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { Piscina } from "piscina";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bookings, issuedDocuments, users } from "../../db/schema/index.ts";
import { createPdfRenderer } from "../../lib/pdf/render-pool.ts";
import { aStudentWithPaidLesson, type Student, theDemoInstructor } from "../../test/scenarios.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

interface Answer {
  status: number;
  retryAfter: string | null;
  code?: string;
  pdf: boolean;
}

async function get(baseUrl: string, path: string, token: string): Promise<Answer> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const type = res.headers.get("content-type") ?? "";
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    code: type.includes("json")
      ? (JSON.parse(body.toString()) as { error?: { code: string } }).error?.code
      : undefined,
    pdf: body.subarray(0, 5).toString() === "%PDF-",
  };
}

/** Every refusal says when to come back and is the API's error body; nothing is ever a 500. */
function expectOnlyServedOrRefused(answers: Answer[]) {
  for (const a of answers) {
    expect([200, 429, 503]).toContain(a.status);
    if (a.status === 200) expect(a.pdf).toBe(true);
    else {
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(a.code).toBe(a.status === 429 ? "rate_limited" : "service_unavailable");
    }
  }
}

describeEachDatabase("documents under load", (kind) => {
  describe("one student asking for 20 invoices at once", () => {
    let t: TestApp;
    let baseUrl: string;
    let student: Student;
    let paymentId: string;
    let instructorToken: string;

    beforeAll(async () => {
      // The server's defaults: 10 documents a minute per user, the rendering pool's own queue.
      t = await createTestApp(kind, { seed: true });
      baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const paid = await aStudentWithPaidLesson(t, { hoursAhead: 48 });
      student = paid.student;
      paymentId = paid.lesson.paymentId;
      instructorToken = (await theDemoInstructor(t)).token;
    });
    afterAll(() => t.close());

    it("gets PDFs or 429 with Retry-After, never a 503, from one rendering, while a dashboard read still answers", async () => {
      const renders = vi.spyOn(Piscina.prototype, "run");
      try {
        const burst = Promise.all(
          Array.from({ length: 20 }, () =>
            get(baseUrl, `/api/student/payments/${paymentId}/invoice.pdf`, student.token),
          ),
        );
        // Asked while the burst is being rendered: the request thread is free to answer it.
        const dashboard = await get(baseUrl, "/api/instructor/dashboard", instructorToken);
        const answers = await burst;
        expect(dashboard.status).toBe(200);
        expectOnlyServedOrRefused(answers);
        // The per-user limit answers first (10 a minute over all document routes, the 11th and on are
        // refused): the rendering queue is larger than it, so no answer is 503.
        expect(answers.filter((a) => a.status === 503)).toEqual([]);
        expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
        expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
        // The same document asked for at the same moment: one rendering, shared by every answer.
        expect(renders).toHaveBeenCalledTimes(1);
      } finally {
        renders.mockRestore();
      }
      const logbook = await get(baseUrl, "/api/student/logbook.pdf", student.token);
      expect(logbook.status).toBe(429);
      expect(Number(logbook.retryAfter)).toBeGreaterThan(0);
    });
  });

  describe("20 invoices at once without the per-user limit", () => {
    let t: TestApp;
    let baseUrl: string;
    let student: Student;
    let paymentId: string;

    beforeAll(async () => {
      t = await createTestApp(kind, { seed: true, env: { DOCUMENT_RATE_LIMIT_MAX: "1000" } });
      baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const paid = await aStudentWithPaidLesson(t, { hoursAhead: 48 });
      student = paid.student;
      paymentId = paid.lesson.paymentId;
    });
    afterAll(() => t.close());

    it("are all served, byte-identical, from one rendering and one stored row", async () => {
      const renders = vi.spyOn(Piscina.prototype, "run");
      let bodies: Buffer[];
      try {
        bodies = await Promise.all(
          Array.from({ length: 20 }, async () => {
            const res = await fetch(`${baseUrl}/api/student/payments/${paymentId}/invoice.pdf`, {
              headers: { authorization: `Bearer ${student.token}` },
            });
            expect(res.status).toBe(200);
            return Buffer.from(await res.arrayBuffer());
          }),
        );
        expect(renders).toHaveBeenCalledTimes(1);
      } finally {
        renders.mockRestore();
      }
      for (const body of bodies) expect(body.equals(bodies[0] as Buffer)).toBe(true);
      const rows = await t.database.db
        .select({ kind: issuedDocuments.kind })
        .from(issuedDocuments)
        .where(eq(issuedDocuments.subjectId, paymentId));
      expect(rows).toHaveLength(1);
    });
  });

  describe("an issued tax invoice", () => {
    let t: TestApp;
    let baseUrl: string;
    let student: Student;
    let paymentId: string;

    beforeAll(async () => {
      t = await createTestApp(kind, { seed: true });
      baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const paid = await aStudentWithPaidLesson(t, { hoursAhead: 48 });
      student = paid.student;
      paymentId = paid.lesson.paymentId;
    });
    afterAll(() => t.close());

    const download = async () => {
      const res = await fetch(`${baseUrl}/api/student/payments/${paymentId}/invoice.pdf`, {
        headers: { authorization: `Bearer ${student.token}` },
      });
      expect(res.status).toBe(200);
      return { etag: res.headers.get("etag"), bytes: Buffer.from(await res.arrayBuffer()) };
    };

    it("is stored once with its hash and sent byte for byte from storage thereafter", async () => {
      const first = await download();
      const second = await download();
      expect(second.bytes.equals(first.bytes)).toBe(true);
      const rows = await t.database.db
        .select()
        .from(issuedDocuments)
        .where(eq(issuedDocuments.subjectId, paymentId));
      expect(rows).toHaveLength(1);
      const hash = createHash("sha256").update(first.bytes).digest("hex");
      expect(rows[0]?.contentHash).toBe(hash);
      expect(first.etag).toBe(`"${hash}"`);

      // An issued invoice is a record of the sale: the buyer renamed or the lesson moved afterwards
      // changes nothing in it (only a refund's adjustment note makes a new one).
      await t.database.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, student.user.id));
      await t.database.db
        .update(bookings)
        .set({ startTime: sql`start_time + interval '1 day'`, endTime: sql`end_time + interval '1 day'` })
        .where(eq(bookings.paymentId, paymentId));
      expect((await download()).bytes.equals(first.bytes)).toBe(true);

      // What is sent is what is stored, not a new rendering (a changed template changes nothing issued).
      const stored = Buffer.from("%PDF-1.3 as issued");
      await t.database.db
        .update(issuedDocuments)
        .set({ bytes: stored, contentHash: createHash("sha256").update(stored).digest("hex") })
        .where(eq(issuedDocuments.subjectId, paymentId));
      expect((await download()).bytes.equals(stored)).toBe(true);

      // Damaged bytes (hash mismatch) are never sent: the copy verified when it was read is, or a new rendering.
      await t.database.db
        .update(issuedDocuments)
        .set({ bytes: Buffer.from("%PDF-1.3 damaged") })
        .where(eq(issuedDocuments.subjectId, paymentId));
      const rerendered = await download();
      expect(rerendered.bytes.toString()).not.toContain("damaged");
      expect(rerendered.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    });
  });

  describe("a full rendering queue", () => {
    let t: TestApp;
    let baseUrl: string;
    let student: Student;
    const paymentIds: string[] = [];

    beforeAll(async () => {
      // One thread and one place in the queue: a third document at the same moment has nowhere to go.
      t = await createTestApp(kind, {
        seed: true,
        env: { PDF_RENDER_THREADS: "1", PDF_RENDER_QUEUE_MAX: "1", DOCUMENT_RATE_LIMIT_MAX: "100" },
      });
      baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const first = await aStudentWithPaidLesson(t, { hoursAhead: 48 });
      student = first.student;
      paymentIds.push(first.lesson.paymentId);
      // Four invoices, not one: requests for the same invoice share one rendering and one place.
      for (let i = 0; i < 3; i++) {
        paymentIds.push((await aStudentWithPaidLesson(t, { hoursAhead: 48, student })).lesson.paymentId);
      }
    });
    afterAll(() => t.close());

    it("answers 503 with Retry-After rather than making the request wait", async () => {
      const answers = await Promise.all(
        [...paymentIds, ...paymentIds].map((id) =>
          get(baseUrl, `/api/student/payments/${id}/invoice.pdf`, student.token),
        ),
      );
      expectOnlyServedOrRefused(answers);
      expect(answers.some((a) => a.status === 503)).toBe(true);
      expect(answers.some((a) => a.status === 200)).toBe(true);
      // Once the burst is over, the same documents render.
      for (const id of paymentIds) {
        const later = await get(baseUrl, `/api/student/payments/${id}/invoice.pdf`, student.token);
        expect(later.status).toBe(200);
      }
    });
  });
});

describe("the rendering pool", () => {
  const pool = createPdfRenderer({ threads: 1, queueMax: 4 });
  afterAll(() => pool.close());

  it("answers 503 for a document whose thread crashed, and renders the next one on a new thread", async () => {
    await expect(pool.render("gstSummary", { __crash__: true })).rejects.toMatchObject({
      statusCode: 503,
      code: "service_unavailable",
      headers: { "retry-after": expect.any(String) },
    });
    const pdf = await pool.render("gstSummary", {
      business: { name: "Kerb Pty Ltd", abn: "51824753556" },
      isDemoBusiness: false,
      from: "01/07/2026",
      to: "30/09/2026",
      preparedOn: "01/10/2026",
      salesCents: 11000,
      gstOnSalesCents: 1000,
      gstCreditsCents: 0,
      netGstCents: 1000,
    });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
