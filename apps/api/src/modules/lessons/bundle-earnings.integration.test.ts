/**
 * What a lesson paid with a bundle credit earns its instructor (issue 22 item 4), as the instructor sees
 * it: on the lesson list, on the earnings page and on the payout statement (RCTI), each from the same
 * rule (rules/instructor-pay.ts on the bundle's per-lesson price), so the three agree to the cent.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  addHours,
  insertBundle,
  insertLesson,
  insertPaidLesson,
  newInstructor,
  newStudent,
} from "../../test/fixtures/instructor-fixtures.ts";
import { download, parseCsv, periodAt, sydneyAt } from "../../test/fixtures/payout-fixtures.ts";
import { api } from "../../test/http.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const GST_ABN = "53004085616";

type Lesson = {
  id: string;
  instructorShare: number | null;
  instructorShareGst: number | null;
  bundleCredit: unknown;
};

describeEachDatabase("what a bundle-credit lesson earns, where the instructor looks", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let admin: string;
  let ivy: { id: string; token: string };
  let gina: { id: string; token: string };
  const lessons: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    const db = t.database.db;
    admin = (await http.login("admin@demo.test")).accessToken;
    ivy = await newInstructor(http, db, { firstName: "Ivy", lastName: "Unregistered" });
    gina = await newInstructor(
      http,
      db,
      { firstName: "Gina", lastName: "Registered" },
      { abn: GST_ABN, gstRegistered: true },
    );
    const student = await newStudent(http, { firstName: "Bea", lastName: "Bundle" });
    // A Large bundle at $65.00 a lesson: 3 of its credits spent on the lessons below.
    const bundle = await insertBundle(db, {
      studentId: student.id,
      totalLessons: 20,
      usedLessons: 3,
      pricePerLessonCents: 6500,
    });
    const tuesday = periodAt(t.clock.now).tuesday;
    for (const [name, instructorId, hour] of [
      ["ivy", ivy.id, 9],
      ["gina", gina.id, 11],
    ] as const) {
      lessons[name] = await insertLesson(db, {
        studentId: student.id,
        instructorId,
        start: sydneyAt(tuesday, hour),
        status: "COMPLETED",
        priceCents: 6500,
        bundleId: bundle.id,
      });
    }
    lessons.upcoming = await insertLesson(db, {
      studentId: student.id,
      instructorId: ivy.id,
      start: addHours(t.clock.now, 48),
      priceCents: 6500,
      bundleId: bundle.id,
    });
    // A card-paid lesson alongside: it keeps what it shows today.
    const card = await insertPaidLesson(db, {
      studentId: student.id,
      instructorId: ivy.id,
      start: sydneyAt(tuesday, 14),
      status: "COMPLETED",
      priceCents: 8000,
    });
    lessons.card = card.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const listed = async (token: string, scope: "upcoming" | "past", id: string | undefined) => {
    const res = await http.get(`/api/instructor/lessons?scope=${scope}`, token);
    expect(res.status).toBe(200);
    return (res.body.items as Lesson[]).find((l) => l.id === id);
  };

  it("lists a $65 credit lesson as earning $48.75, what the earnings page counts for it", async () => {
    const taught = await listed(ivy.token, "past", lessons.ivy);
    expect(taught).toMatchObject({
      paidWithBundle: true,
      price: 65,
      instructorShare: 48.75,
      instructorShareGst: 0,
      bundleCredit: { pricePerLesson: 65, earns: 48.75, gst: 0 },
    });
    // Before it is taught, it says what it will earn.
    expect(await listed(ivy.token, "upcoming", lessons.upcoming)).toMatchObject({
      instructorShare: null,
      bundleCredit: { pricePerLesson: 65, earns: 48.75, gst: 0 },
    });
    expect(await listed(ivy.token, "past", lessons.card)).toMatchObject({
      paidWithBundle: false,
      instructorShare: 60,
      bundleCredit: null,
    });

    const earnings = await http.get("/api/instructor/earnings", ivy.token);
    expect(earnings.status).toBe(200);
    // The card lesson's $60.00 plus the credit lesson's $48.75.
    expect(earnings.body.totals).toMatchObject({ lessons: 2, net: 60 + 48.75, gst: 0 });
  });

  it("adds the GST for a GST-registered instructor, as her earnings do", async () => {
    const taught = await listed(gina.token, "past", lessons.gina);
    // 10% of $48.75 is 487.5 cents, rounded half up.
    expect(taught?.bundleCredit).toEqual({ pricePerLesson: 65, earns: 48.75, gst: 4.88 });
    // The lesson's own earning line says the same: the share and the GST on top.
    expect(taught).toMatchObject({ instructorShare: 48.75, instructorShareGst: 4.88 });
    const earnings = await http.get("/api/instructor/earnings", gina.token);
    expect(earnings.body.totals).toMatchObject({ lessons: 1, net: 48.75, gst: 4.88, total: 53.63 });
  });

  it("says on the RCTI that the lesson was paid with a bundle credit at the bundle's price", async () => {
    const run = await http.post("/api/admin/payouts/run", undefined, admin);
    expect(run.status).toBe(200);
    const payoutOf = (instructorId: string) =>
      (run.body.payouts as Array<{ instructorId: string; id: string; amount: number }>).find(
        (p) => p.instructorId === instructorId,
      );
    expect(payoutOf(gina.id)?.amount).toBe(53.63);
    expect(payoutOf(ivy.id)?.amount).toBe(108.75);

    const id = payoutOf(gina.id)?.id ?? "";
    const pdf = await download(t.app, `/api/instructor/payouts/${id}/statement.pdf`, gina.token);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.raw).replace(/\s+/g, " ");
    expect(text).toContain("Driving lesson, bundle credit, $65.00 a lesson, Parramatta");
    expect(text).toMatch(/Taxable supply \(your share, ex GST\) \$48\.75/);

    const mine = payoutOf(ivy.id)?.id ?? "";
    const csv = parseCsv(
      (await download(t.app, `/api/instructor/payouts/${mine}/statement.csv`, ivy.token)).text,
    );
    const descriptions = csv.slice(1, -1).map((row) => row[5]);
    expect(descriptions).toEqual([
      "Driving lesson, bundle credit, $65.00 a lesson, Parramatta",
      "Driving lesson, standard rate, Parramatta",
    ]);
  });
});
