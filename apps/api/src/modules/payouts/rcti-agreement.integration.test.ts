/**
 * RCTIs only under a current written agreement, and GST by the registration's dates (issue 31, decision
 * 037; rules/rcti.ts), over HTTP: an instructor who has not accepted is not paid and is told why, the
 * admin sees who waits and which registrations are unchecked, the RCTI names the agreement and carries
 * the ATO's statements, and a lesson taught before the registration's date of effect carries no GST.
 */
import { addDaysToDate, formatIsoDate, RCTI_AGREEMENT_VERSION } from "@kerb/shared/rules";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, outbox, rctiAgreementAcceptances } from "../../db/schema/index.ts";
import { newInstructor, newStudent } from "../../test/fixtures/instructor-fixtures.ts";
import {
  download,
  insertOutcome,
  parseCsv,
  periodAt,
  sydneyAt,
} from "../../test/fixtures/payout-fixtures.ts";
import { api } from "../../test/http.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { RCTI_AGREEMENT_ALREADY_ACCEPTED } from "./accept-rcti-agreement.ts";

const GST_ABN = "53004085616";
type RunItem = { instructorId: string; amount: number; id: string };

describeEachDatabase("RCTI agreement and GST registration dates", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let admin: string;
  let newcomer: { id: string; token: string; email: string };
  let gina: { id: string; token: string };
  let period: ReturnType<typeof periodAt>;
  let wednesday: string;
  let thursday: string;
  let run: { skippedWithoutAgreement: number; payouts: RunItem[] };

  const accept = (token: string, version = RCTI_AGREEMENT_VERSION) =>
    http.post("/api/instructor/rcti-agreement/accept", { version }, token);

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    admin = (await http.login("admin@demo.test")).accessToken;
    newcomer = await newInstructor(http, t.database.db, { firstName: "Nia", lastName: "Newcomer" });
    // Never accepted: the fixture's acceptance removed, as for an instructor who signed up today.
    await t.database.db
      .delete(rctiAgreementAcceptances)
      .where(eq(rctiAgreementAcceptances.instructorId, newcomer.id));
    gina = await newInstructor(http, t.database.db, { firstName: "Gina", lastName: "Dated" });
    const student = await newStudent(http, { firstName: "Sam", lastName: "Learner" });
    period = periodAt(t.clock.now);
    wednesday = addDaysToDate(period.start, 2);
    thursday = addDaysToDate(period.start, 3);
    const lesson = (instructorId: string, date: string, hour: number) =>
      insertOutcome(t.database.db, {
        studentId: student.id,
        instructorId,
        start: sydneyAt(date, hour),
        status: "COMPLETED",
        priceCents: 8000,
      });
    await lesson(newcomer.id, period.tuesday, 9);
    // Taught 40 days before the period: held while the agreement waits, it is issued late and says so.
    await lesson(newcomer.id, addDaysToDate(period.start, -40), 9);
    // Gina registers for GST with effect from the Wednesday: Tuesday's lesson carries none, Thursday's does.
    await lesson(gina.id, period.tuesday, 11);
    await lesson(gina.id, thursday, 11);
    const registered = await http.patch(
      "/api/instructor/payout-details",
      { abn: GST_ABN, gstRegistered: true, gstEffectiveDate: wednesday },
      gina.token,
    );
    expect(registered.status).toBe(200);
    expect(registered.body.payoutHold).toBe("agreement_missing");
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("before the run", () => {
    it("tells the instructor why a payout waits", async () => {
      const details = await http.get("/api/instructor/payout-details", newcomer.token);
      expect(details.body.payoutHold).toBe("agreement_missing");
      const earnings = await http.get("/api/instructor/earnings", newcomer.token);
      expect(earnings.body.payoutHold).toBe("agreement_missing");
      const agreement = await http.get("/api/instructor/rcti-agreement", newcomer.token);
      expect(agreement.body).toMatchObject({
        version: RCTI_AGREEMENT_VERSION,
        current: false,
        lastAccepted: null,
      });
      const clauses = agreement.body.clauses.join("\n");
      expect(clauses).toContain("Nia Newcomer (ABN 51 824 753 556)");
      expect(clauses).toMatch(/will not issue tax invoices/);
      expect(clauses).toMatch(/^Term\. /m);
    });

    it("estimates the unpaid GST by each lesson's day, as the run will pay it", async () => {
      // Tuesday's lesson was taught before Gina's registration took effect: GST on Thursday's only.
      const res = await http.get("/api/instructor/payouts", gina.token);
      expect(res.status).toBe(200);
      expect(res.body.unpaid).toMatchObject({ lessons: 2, gross: 160, net: 120, gst: 6, total: 126 });
    });

    it("shows the admin who waits for the agreement and which GST registrations are unchecked", async () => {
      const res = await http.get("/api/admin/payouts/readiness", admin);
      expect(res.status).toBe(200);
      expect(res.body.waitingForAgreement).toEqual(
        expect.arrayContaining([
          { id: newcomer.id, firstName: "Nia", lastName: "Newcomer" },
          { id: gina.id, firstName: "Gina", lastName: "Dated" },
        ]),
      );
      expect(res.body.uncheckedGstRegistrations).toContainEqual(
        expect.objectContaining({
          instructor: { id: gina.id, firstName: "Gina", lastName: "Dated", abn: GST_ABN },
          effectiveFrom: wednesday,
          effectiveTo: null,
          check: null,
        }),
      );
    });
  });

  describe("the run", () => {
    beforeAll(async () => {
      // Gina accepts the agreement again (her GST change re-asked it); the newcomer does not.
      expect((await accept(gina.token)).status).toBe(200);
      const res = await http.post("/api/admin/payouts/run", undefined, admin);
      expect(res.status).toBe(200);
      run = res.body;
    });

    it("does not pay an instructor without an accepted agreement, and says so", async () => {
      expect(run.payouts.find((p) => p.instructorId === newcomer.id)).toBeUndefined();
      expect(run.skippedWithoutAgreement).toBe(1);
      // The instructor is emailed why, once for the week however often the run is repeated.
      expect((await http.post("/api/admin/payouts/run", undefined, admin)).status).toBe(200);
      const told = await t.database.db
        .select({ subject: outbox.subject, text: outbox.textBody })
        .from(outbox)
        .where(and(eq(outbox.kind, "payout_waiting"), eq(outbox.toEmail, newcomer.email)));
      expect(told).toHaveLength(1);
      expect(told[0]?.subject).toBe("Your Kerb payout is waiting for the tax invoice agreement");
      // Both lessons' share: 2 × 75% of $80.00.
      expect(told[0]?.text.replace(/\s+/g, " ")).toMatch(/Earnings waiting:? \$120\.00/);
    });

    it("charges GST only on the lesson taught from the registration's date of effect", async () => {
      // Tuesday: share $60.00, no GST; Thursday: $60.00 + $6.00 GST.
      const paid = run.payouts.find((p) => p.instructorId === gina.id);
      expect(paid).toMatchObject({ amount: 126 });
      const mine = await http.get("/api/instructor/payouts", gina.token);
      expect(mine.body.payouts[0]).toMatchObject({ net: 120, gst: 6, total: 126 });
    });

    it("the RCTI says what it is and names the agreement it was issued under", async () => {
      const id = run.payouts.find((p) => p.instructorId === gina.id)?.id ?? "";
      const text = pdfText(
        (await download(t.app, `/api/instructor/payouts/${id}/statement.pdf`, gina.token)).raw,
      );
      expect(text).toContain("Recipient-created tax invoice");
      expect(text).toMatch(
        new RegExp(
          `Issued under the Recipient-created tax invoice agreement, version\\s+${RCTI_AGREEMENT_VERSION}`,
        ),
      );
      expect(text).toMatch(/supplier will not issue tax invoices/);
      expect(text).toContain("ABN 53 004 085 616");
    });

    it("pays the instructor once they accept, on the next run", async () => {
      expect((await accept(newcomer.token)).status).toBe(200);
      t.clock.advanceMinutes(7 * 24 * 60);
      try {
        const next = await http.post("/api/admin/payouts/run", undefined, admin);
        const paid = next.body.payouts.find((p: RunItem) => p.instructorId === newcomer.id);
        expect(paid).toMatchObject({ amount: 120, lessons: 2 });
        const csv = await download(t.app, `/api/instructor/payouts/${paid.id}/statement.csv`, newcomer.token);
        // The late line is on the statement, under its own date, and the period covers it.
        const rows = parseCsv(csv.text);
        const lateDate = formatIsoDate(addDaysToDate(period.start, -40));
        expect(rows[1]?.slice(1, 4)).toEqual([lateDate, expect.any(String), lateDate]);
        expect(rows[1]?.[5]).toMatch(/\(held: issued \d+ days after the 28 days allowed\)$/);
        expect(rows[2]?.[5]).not.toMatch(/held/);
      } finally {
        t.clock.advanceMinutes(-7 * 24 * 60);
      }
    });
  });

  describe("accepting", () => {
    it("twice, or twice at once, gets a clear 409 and leaves one acceptance and one audit entry", async () => {
      const other = await newInstructor(http, t.database.db, { firstName: "Otto", lastName: "Twice" });
      await t.database.db
        .delete(rctiAgreementAcceptances)
        .where(eq(rctiAgreementAcceptances.instructorId, other.id));
      const both = await Promise.all([accept(other.token), accept(other.token)]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const refused = both.find((r) => r.status === 409);
      expect(refused?.body.error).toMatchObject({
        code: "conflict",
        message: RCTI_AGREEMENT_ALREADY_ACCEPTED,
      });
      const again = await accept(other.token);
      expect(again.status).toBe(409);
      const rows = await t.database.db
        .select()
        .from(rctiAgreementAcceptances)
        .where(eq(rctiAgreementAcceptances.instructorId, other.id));
      expect(rows).toHaveLength(1);
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "instructor.rcti_agreement_accept"), eq(auditLog.targetId, other.id)));
      expect(audits).toHaveLength(1);
    });

    it("a version that is not the current one is refused: a new version is read before it is accepted", async () => {
      const res = await accept(gina.token, "2000-01");
      expect(res.status).toBe(409);
      expect(res.body.error.message).toMatch(/replaced by a newer version/);
    });
  });

  describe("GST registration and ABN", () => {
    it("refuses 01300000000 with a plain message: an ABN never starts with 0", async () => {
      const res = await http.patch(
        "/api/instructor/payout-details",
        { abn: "01300000000", gstRegistered: false },
        gina.token,
      );
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([
        expect.objectContaining({ path: "abn", message: expect.stringMatching(/never starts with 0/) }),
      ]);
    });

    it("ending a registration before it started is refused; ending it is audited and re-asks the agreement", async () => {
      const backwards = await http.patch(
        "/api/instructor/payout-details",
        { gstRegistered: false, gstEffectiveDate: period.start },
        gina.token,
      );
      expect(backwards.status).toBe(400);
      expect(backwards.body.error.details).toEqual([expect.objectContaining({ path: "gstEffectiveDate" })]);
      const ended = await http.patch(
        "/api/instructor/payout-details",
        { gstRegistered: false, gstEffectiveDate: period.end },
        gina.token,
      );
      expect(ended.status).toBe(200);
      expect(ended.body).toMatchObject({
        gstRegistered: false,
        gstRegistrations: [{ effectiveFrom: wednesday, effectiveTo: period.end }],
        payoutHold: "agreement_missing",
      });
      const audits = await t.database.db
        .select({ action: auditLog.action, details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.targetId, gina.id));
      expect(audits).toEqual(
        expect.arrayContaining([
          { action: "instructor.gst_registration", details: { effectiveTo: period.end } },
          expect.objectContaining({ action: "instructor.rcti_agreement_reask" }),
        ]),
      );
    });

    it("an admin marks a registration checked against the ABN Lookup, once, audited", async () => {
      const readiness = await http.get("/api/admin/payouts/readiness", admin);
      const registration = readiness.body.uncheckedGstRegistrations.find(
        (r: { instructor: { id: string } }) => r.instructor.id === gina.id,
      );
      const url = `/api/admin/payouts/gst-registrations/${registration.id}/check`;
      expect((await http.post(url, { note: "" }, admin)).status).toBe(400);
      const checked = await http.post(url, { note: "ABN Lookup: GST registered from the Wednesday" }, admin);
      expect(checked.status).toBe(200);
      expect(checked.body.check).toMatchObject({ note: "ABN Lookup: GST registered from the Wednesday" });
      expect((await http.post(url, { note: "again" }, admin)).status).toBe(409);
      expect((await http.post(url, { note: "me" }, gina.token)).status).toBe(403);
      const after = await http.get("/api/admin/payouts/readiness", admin);
      expect(after.body.uncheckedGstRegistrations.map((r: { id: string }) => r.id)).not.toContain(
        registration.id,
      );
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "instructor.gst_registration_check"), eq(auditLog.targetId, gina.id)));
      expect(entry?.actorId).toBeTruthy();
    });
  });
});
