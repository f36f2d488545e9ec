/**
 * A driving-test package on the instructor's money pages (issue 33 item 6): the earnings page lists it as
 * one line named like the learner's invoice ("Driving test package — <centre>, DD/MM/YYYY"), never as a
 * lesson of its length, and the payout statement (RCTI) PDF and CSV name it the same, with the 25% fee and
 * the GST to the cent.
 */
import { formatSydneyDate } from "@kerb/shared/rules";
import { afterAll, beforeAll, expect, it } from "vitest";
import { newInstructor, newStudent } from "../../test/fixtures/instructor-fixtures.ts";
import {
  csvCents,
  download,
  insertOutcome,
  parseCsv,
  periodAt,
  sydneyAt,
} from "../../test/fixtures/payout-fixtures.ts";
import { api } from "../../test/http.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { insertTestPack } from "../../test/test-pack-fixtures.ts";

describeEachDatabase("a test package on earnings and the RCTI", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let ivy: { id: string; token: string };
  let packId: string;
  let label: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    ivy = await newInstructor(
      http,
      t.database.db,
      { firstName: "Ivy", lastName: "Teach" },
      { abn: "53004085616", gstRegistered: true },
    );
    const sam = await newStudent(http, { firstName: "Sam", lastName: "Learner" });
    const period = periodAt(t.clock.now);
    // A 10:30 test at St Marys, the block from the pick-up to the drop-off taught, at $233.33 ex GST.
    const testAt = new Date(sydneyAt(period.tuesday, 10).getTime() + 30 * 60_000);
    packId = await insertTestPack(t.database.db, {
      studentId: sam.id,
      instructorId: ivy.id,
      testAt,
      centreId: "st-marys",
      status: "COMPLETED",
      priceCents: 23_333,
    });
    label = `Driving test package — St Marys Driver Testing Centre, ${formatSydneyDate(testAt)}`;
    await insertOutcome(t.database.db, {
      studentId: sam.id,
      instructorId: ivy.id,
      start: sydneyAt(period.tuesday, 17),
      status: "COMPLETED",
      priceCents: 8000,
    });
  });
  afterAll(() => t?.close());

  // $233.33: fee $58.33, share $175.00 (17,499.75 rounds up), GST $17.50. The lesson: $20 / $60 / $6.
  const pack = { gross: 233.33, platformFee: 58.33, net: 175, gst: 17.5, total: 192.5 };

  it("earnings list the pack as its own line and count it apart from lessons, the money to the cent", async () => {
    const res = await http.get("/api/instructor/earnings", ivy.token);
    expect(res.status).toBe(200);
    expect(res.body.testPacks).toEqual([
      {
        bookingId: packId,
        description: label,
        testAt: expect.any(String),
        status: "COMPLETED",
        ...pack,
      },
    ]);
    expect(res.body.totals).toEqual({
      lessons: 1,
      testPacks: 1,
      gross: 313.33,
      platformFee: 78.33,
      net: 235,
      gst: 23.5,
      total: 258.5,
    });
    expect(res.body.months).toHaveLength(1);
  });

  it("the payout statement PDF and CSV name the pack and pay it to the cent", async () => {
    const admin = (await http.login("admin@demo.test")).accessToken;
    const run = await http.post("/api/admin/payouts/run", undefined, admin);
    expect(run.status).toBe(200);
    const payout = run.body.payouts.find((p: { instructorId: string }) => p.instructorId === ivy.id);
    expect(payout).toMatchObject({ amount: 258.5, status: "PAID", lessons: 2 });

    const pdf = await download(t.app, `/api/instructor/payouts/${payout.id}/statement.pdf`, ivy.token);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.raw);
    expect(text).toContain(label);
    expect(text).toMatch(/\$233\.33 \$58\.33 \$175\.00/);
    expect(text).toMatch(/Total paid to you \(incl\. GST\) \$258\.50/);

    const csv = await download(t.app, `/api/instructor/payouts/${payout.id}/statement.csv`, ivy.token);
    const rows = parseCsv(csv.text);
    const packRow = rows.find((row) => row[7] === packId) ?? [];
    expect(packRow[5]).toBe(label);
    expect(packRow.slice(8).map(csvCents)).toEqual([23_333, 5833, 17_500, 1750, 19_250]);
    expect((rows.at(-1) ?? []).slice(8).map(csvCents)).toEqual([31_333, 7833, 23_500, 2350, 25_850]);

    // Paid out, the earnings line keeps the GST the RCTI paid.
    const after = await http.get("/api/instructor/earnings", ivy.token);
    expect(after.body.testPacks[0]).toMatchObject(pack);
  });
});
