/**
 * GST on instructor pay and "no ABN, no payout" (docs/decisions/030-instructor-gst-and-abn.md), over
 * HTTP: what each kind of instructor is paid to the cent, the GST credit in the ledger, the RCTI as a
 * reader sees it (pdftotext) and the CSV, and the payout details that refuse GST without an ABN.
 */
import { RCTI_AGREEMENT_VERSION } from "@kerb/shared/rules";
import { afterAll, beforeAll, expect, it } from "vitest";
import { newInstructor, newStudent } from "../../test/fixtures/instructor-fixtures.ts";
import {
  csvCents,
  download,
  insertOutcome,
  parseCsv,
  payoutAccountSum,
  periodAt,
  sydneyAt,
} from "../../test/fixtures/payout-fixtures.ts";
import { api } from "../../test/http.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const GST_ABN = "53004085616";

describeEachDatabase("instructor GST and ABN on payouts", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let admin: string;
  let registered: { id: string; token: string };
  let unregistered: { id: string; token: string };
  let noAbn: { id: string; token: string };
  let period: ReturnType<typeof periodAt>;
  type RunItem = { instructorId: string; amount: number; id: string };
  let run: { skippedWithoutAbn: number; payouts: RunItem[] };
  const payoutOf = (instructorId: string) => run.payouts.find((p) => p.instructorId === instructorId);

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    admin = (await http.login("admin@demo.test")).accessToken;
    registered = await newInstructor(
      http,
      t.database.db,
      { firstName: "Gina", lastName: "Registered" },
      { abn: GST_ABN, gstRegistered: true },
    );
    unregistered = await newInstructor(http, t.database.db, { firstName: "Uma", lastName: "Small" });
    noAbn = await newInstructor(
      http,
      t.database.db,
      { firstName: "Nate", lastName: "Noabn" },
      { abn: null, gstRegistered: false },
    );
    const student = await newStudent(http, { firstName: "Sam", lastName: "Learner" });
    period = periodAt(t.clock.now);
    const lesson = (instructorId: string, hour: number, priceCents: number, status = "COMPLETED") =>
      insertOutcome(t.database.db, {
        studentId: student.id,
        instructorId,
        start: sydneyAt(period.tuesday, hour),
        status: status as "COMPLETED" | "NO_SHOW",
        priceCents,
      });
    await lesson(registered.id, 9, 8000);
    await lesson(registered.id, 11, 6500, "NO_SHOW");
    await lesson(unregistered.id, 9, 8000);
    await lesson(noAbn.id, 9, 8000);
    const res = await http.post("/api/admin/payouts/run", undefined, admin);
    expect(res.status).toBe(200);
    run = res.body;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("pays a registered instructor share + 10% GST, an unregistered one the share, an ABN-less one nothing", async () => {
    // $80 → share $60.00 + GST $6.00; $65 → share $48.75 + GST $4.88 (487.5 rounds half up).
    expect(payoutOf(registered.id)).toMatchObject({ amount: 119.63, status: "PAID", lessons: 2 });
    expect(payoutOf(unregistered.id)).toMatchObject({ amount: 60, status: "PAID", lessons: 1 });
    expect(payoutOf(noAbn.id)).toBeUndefined();
    expect(run.skippedWithoutAbn).toBe(1);

    const mine = await http.get("/api/instructor/payouts", registered.token);
    expect(mine.body.payouts[0]).toMatchObject({
      gross: 145,
      fee: 36.25,
      net: 108.75,
      gst: 10.88,
      total: 119.63,
    });
    const theirs = await http.get("/api/instructor/payouts", unregistered.token);
    expect(theirs.body.payouts[0]).toMatchObject({ net: 60, gst: 0, total: 60 });
  });

  it("books the RCTI's GST as Kerb's GST credit, and the ledger stays balanced", async () => {
    const id = payoutOf(registered.id)?.id ?? "";
    expect(await payoutAccountSum(t.database.db, id, "GST_CREDITS")).toBe(1088);
    expect(await payoutAccountSum(t.database.db, id, "INSTRUCTOR_PAYABLE")).toBe(10875);
    expect(await payoutAccountSum(t.database.db, id, "STUDENT_CASH")).toBe(-11963);
    expect(await payoutAccountSum(t.database.db, id, "PAYOUTS_DUE")).toBe(0);
    const other = payoutOf(unregistered.id)?.id ?? "";
    expect(await payoutAccountSum(t.database.db, other, "GST_CREDITS")).toBe(0);
    const balance = await http.get("/api/admin/ledger/balance", admin);
    expect(balance.status).toBe(200);
    expect(balance.body).toMatchObject({ balanced: true, totalCents: 0 });
    expect(balance.body.payouts).toEqual({ ledgerDueCents: 0, untransferredCents: 0 });
  });

  it("the registered instructor's RCTI shows the taxable supply, the GST and the total", async () => {
    const id = payoutOf(registered.id)?.id ?? "";
    const pdf = await download(t.app, `/api/instructor/payouts/${id}/statement.pdf`, registered.token);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.raw);
    expect(text).toContain("Recipient-created tax invoice");
    expect(text).toContain("ABN 53 004 085 616");
    expect(text).toContain("Registered for GST");
    expect(text).toMatch(/Taxable supply \(your share, ex GST\) \$108\.75/);
    expect(text).toMatch(/GST \(10%\) \$10\.88/);
    expect(text).toMatch(/Total paid to you \(incl\. GST\) \$119\.63/);

    const csv = await download(t.app, `/api/instructor/payouts/${id}/statement.csv`, registered.token);
    const rows = parseCsv(csv.text);
    const total = rows.at(-1) ?? [];
    expect(total[5]).toMatch(/taxable supply/);
    expect(total.slice(10).map(csvCents)).toEqual([10875, 1088, 11963]);
    const lines = rows.slice(1, -1);
    expect(lines.map((r) => r.slice(10).map(csvCents)).sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0))).toEqual([
      [4875, 488, 5363],
      [6000, 600, 6600],
    ]);
  });

  it("the unregistered instructor's statement says GST is not included", async () => {
    const id = payoutOf(unregistered.id)?.id ?? "";
    const text = pdfText(
      (await download(t.app, `/api/instructor/payouts/${id}/statement.pdf`, unregistered.token)).raw,
    );
    expect(text).toContain("Recipient-created payout statement");
    expect(text).toContain("Not registered for GST");
    expect(text).toMatch(/Net paid to you \(GST not included\) \$60\.00/);
    expect(text).not.toContain("GST (10%)");
  });

  it("earnings show amounts without and with GST for a registered instructor", async () => {
    const res = await http.get("/api/instructor/earnings", registered.token);
    expect(res.body).toMatchObject({
      gstRegistered: true,
      payoutHold: null,
      totals: { lessons: 2, gross: 145, platformFee: 36.25, net: 108.75, gst: 10.88, total: 119.63 },
    });
    const plain = await http.get("/api/instructor/earnings", unregistered.token);
    expect(plain.body).toMatchObject({ gstRegistered: false, totals: { net: 60, gst: 0, total: 60 } });
  });

  it("refuses 'registered for GST' without a valid ABN: 400 on the abn field", async () => {
    const never = await http.patch("/api/instructor/payout-details", { gstRegistered: true }, noAbn.token);
    expect(never.status).toBe(400);
    expect(never.body.error).toMatchObject({
      code: "validation_error",
      message: expect.stringMatching(/needs a valid ABN/),
      details: [{ path: "abn", message: expect.stringMatching(/needs a valid ABN/) }],
    });
    const cleared = await http.patch(
      "/api/instructor/payout-details",
      { abn: "", gstRegistered: true },
      registered.token,
    );
    expect(cleared.status).toBe(400);
    expect(cleared.body.error.details).toEqual([expect.objectContaining({ path: "abn" })]);
    const details = await http.get("/api/instructor/payouts", registered.token);
    expect(details.body.details).toMatchObject({ abn: GST_ABN, gstRegistered: true });
  });

  it("an ABN-less instructor accrues, sees why, and the next run after an ABN is saved pays what accrued", async () => {
    const earnings = await http.get("/api/instructor/earnings", noAbn.token);
    expect(earnings.body).toMatchObject({ payoutHold: "abn_missing", totals: { lessons: 1, net: 60 } });
    const before = await http.get("/api/instructor/payouts", noAbn.token);
    expect(before.body.details.payoutHold).toBe("abn_missing");
    expect(before.body.unpaid).toMatchObject({ lessons: 1, net: 60, total: 60 });
    expect(before.body.payouts).toEqual([]);
    // A second run in the same week still passes them by.
    const again = await http.post("/api/admin/payouts/run", undefined, admin);
    expect(again.body.skippedWithoutAbn).toBe(1);

    const saved = await http.patch(
      "/api/instructor/payout-details",
      { abn: "51 824 753 556", gstRegistered: false },
      noAbn.token,
    );
    expect(saved.status).toBe(200);
    // The agreement names the ABN: a new one asks for it again before anything is paid.
    expect(saved.body.payoutHold).toBe("agreement_missing");
    const accepted = await http.post(
      "/api/instructor/rcti-agreement/accept",
      { version: RCTI_AGREEMENT_VERSION },
      noAbn.token,
    );
    expect(accepted.body.current).toBe(true);
    const ready = await http.get("/api/instructor/payout-details", noAbn.token);
    expect(ready.body.payoutHold).toBeNull();
    t.clock.advanceMinutes(7 * 24 * 60);
    try {
      const next = await http.post("/api/admin/payouts/run", undefined, admin);
      const paid = next.body.payouts.find((p: RunItem) => p.instructorId === noAbn.id);
      expect(paid).toMatchObject({ amount: 60, status: "PAID", lessons: 1 });
      expect(next.body.skippedWithoutAbn).toBe(0);
      const after = await http.get("/api/instructor/payouts", noAbn.token);
      expect(after.body.unpaid.lessons).toBe(0);
      const balance = await http.get("/api/admin/ledger/balance", admin);
      expect(balance.body.balanced).toBe(true);
    } finally {
      t.clock.advanceMinutes(-7 * 24 * 60);
    }
  });

  it("a lesson already paid out keeps the GST its payout paid after the instructor registers for GST", async () => {
    // Uma was paid $60.00 without GST; she registers from the start of that week, and teaches again in
    // it (not paid out yet).
    const registers = await http.patch(
      "/api/instructor/payout-details",
      { gstRegistered: true, gstEffectiveDate: period.start },
      unregistered.token,
    );
    expect(registers.status).toBe(200);
    const student = await newStudent(http, { firstName: "Lee", lastName: "Later" });
    await insertOutcome(t.database.db, {
      studentId: student.id,
      instructorId: unregistered.id,
      start: sydneyAt(period.tuesday, 14),
      status: "COMPLETED",
      priceCents: 8000,
    });
    const res = await http.get("/api/instructor/earnings", unregistered.token);
    // $60.00 paid with no GST, and $60.00 + $6.00 GST to come: not $12.00 of GST on both.
    expect(res.body).toMatchObject({
      gstRegistered: true,
      totals: { lessons: 2, net: 120, gst: 6, total: 126 },
    });
    const payouts = await http.get("/api/instructor/payouts", unregistered.token);
    expect(payouts.body.payouts).toEqual([expect.objectContaining({ net: 60, gst: 0, total: 60 })]);
    expect(payouts.body.unpaid).toMatchObject({ lessons: 1, net: 60, gst: 6, total: 66 });
  });

  it("an RCTI keeps printing the ABN it was made up with after the instructor changes it", async () => {
    const id = payoutOf(registered.id)?.id ?? "";
    const changed = await http.patch(
      "/api/instructor/payout-details",
      { abn: "51 824 753 556", gstRegistered: true },
      registered.token,
    );
    expect(changed.status).toBe(200);
    const pdf = await download(t.app, `/api/instructor/payouts/${id}/statement.pdf`, registered.token);
    const text = pdfText(pdf.raw);
    expect(text).toContain("ABN 53 004 085 616");
    expect(text).not.toContain("51 824 753 556");
  });
});
