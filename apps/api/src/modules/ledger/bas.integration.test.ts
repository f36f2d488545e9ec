/**
 * BAS over HTTP: after a mixed history (a bundle, a card batch, a refund, a payout to a GST-registered
 * instructor) the GST summary over whole months is the sum of those months' reconciliations to the cent,
 * its 1B is the GST on the RCTIs, and the exports add up to the same money.
 */
import { DEFAULT_SUPPLIER_NAME } from "@kerb/shared";
import {
  addDaysToDate,
  dollarsToCents,
  formatAud,
  formatIsoDate,
  quarterStartOf,
  sydneyDateOf,
} from "@kerb/shared/rules";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { payouts, users } from "../../db/schema/index.ts";
import {
  buyBundle,
  listSlots,
  payForSlots,
  registerStudent,
  weekdayAhead,
} from "../../test/booking-fixtures.ts";
import { addHours, setFixturePayoutDetails } from "../../test/fixtures/instructor-fixtures.ts";
import { csvCents, download, parseCsv } from "../../test/fixtures/payout-fixtures.ts";
import type { Http } from "../../test/fixtures/student-lesson-fixtures.ts";
import { api } from "../../test/http.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { EXPORT_PAGE_ROWS } from "./export-records-csv.ts";

const GST_ABN = "53004085616";
const FORMULA_NAME = '=HYPERLINK("http://x","y")';

/** The last day of a YYYY-MM month. */
const monthEnd = (month: string) => addDaysToDate(`${month}-01`, 40).slice(0, 7);
const lastDayOf = (month: string) => addDaysToDate(`${monthEnd(month)}-01`, -1);
const monthsFrom = (first: string, last: string) => {
  const months = [first];
  while ((months.at(-1) ?? last) < last) months.push(monthEnd(months.at(-1) ?? last));
  return months;
};

describeEachDatabase("GST summary and exports", (kind) => {
  let t: TestApp;
  let http: Http;
  let demo: { id: string; token: string };
  let admin: string;
  let range: { from: string; to: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    const login = await http.login("instructor@demo.test");
    demo = { id: login.user.id, token: login.accessToken };
    admin = (await http.login("admin@demo.test")).accessToken;
    await setFixturePayoutDetails(t.database.db, demo.id, { abn: GST_ABN, gstRegistered: true });
  });
  afterAll(() => t?.close());

  async function mark(lesson: { id: string; startTime: string }) {
    const saved = t.clock.now;
    t.clock.now = addHours(new Date(lesson.startTime), 2);
    const res = await http.post(`/api/instructor/lessons/${lesson.id}/complete`, undefined, demo.token);
    expect(res.status).toBe(200);
    t.clock.now = saved;
  }

  it("answers 401 without a token and 403 to an instructor", async () => {
    const q = "?from=2026-01-01&to=2026-03-31";
    for (const path of ["gst-summary", "gst-summary.pdf"]) {
      const res = await http.get(`/api/admin/${path}${q}`);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe("unauthorized");
    }
    for (const path of [
      "gst-summary",
      "gst-summary.csv",
      "gst-summary.pdf",
      "exports/payments.csv",
      "exports/payouts.csv",
    ]) {
      expect((await http.get(`/api/admin/${path}${q}`, demo.token)).status).toBe(403);
    }
  });

  it("refuses malformed, misordered and over-a-year ranges with a 400 that says why", async () => {
    const bad = async (query: string, message: RegExp) => {
      for (const path of ["gst-summary", "gst-summary.csv", "gst-summary.pdf", "exports/refunds.csv"]) {
        const res = await http.get(`/api/admin/${path}?${query}`, admin);
        expect(res.status).toBe(400);
        expect(JSON.stringify(res.body)).toMatch(message);
      }
    };
    await bad("from=2026-01-01", /to/);
    await bad("from=2026-13-01&to=2026-12-31", /YYYY-MM-DD|calendar date/);
    await bad("from=2026-02-30&to=2026-03-31", /Not a real calendar date/);
    await bad("from=2026-03-31&to=2026-01-01", /on or after the start date/);
    await bad("from=2025-01-01&to=2026-01-02", /at most 366 days/);
    // A leap year's financial year is 366 days, both ends included.
    expect((await http.get("/api/admin/gst-summary?from=2023-07-01&to=2024-06-30", admin)).status).toBe(200);
  });

  it("over whole months equals the reconciliation, 1B the RCTIs' GST, and the exports the same money", async () => {
    const start = t.clock.now;
    const a = await registerStudent(http);
    const b = await registerStudent(http);
    await t.database.db.update(users).set({ firstName: FORMULA_NAME }).where(eq(users.id, b.user.id));

    // A bundle: two credits spent, one taught.
    const aSlots = (
      await listSlots(http, a.accessToken, { date: weekdayAhead(t.clock.now, 3), instructorId: demo.id })
    ).filter((s) => !s.isPoolHours);
    const { bundleId } = await buyBundle(http, a.accessToken, {
      instructorId: demo.id,
      suburb: "Sydney CBD",
    });
    const spent = await http.post(
      `/api/student/bundles/${bundleId}/bookings`,
      {
        bookings: aSlots.slice(0, 2).map((s) => ({
          startTime: s.startTime,
          endTime: s.endTime,
          pickupLocation: "1 Martin Place",
        })),
      },
      a.accessToken,
    );
    expect(spent.status).toBe(201);
    await mark(spent.body.bookings[0]);

    // A card batch of two: one cancelled three days ahead (refunded in full), one taught.
    const bSlots = (
      await listSlots(http, b.accessToken, { date: weekdayAhead(t.clock.now, 9), instructorId: demo.id })
    ).filter((s) => !s.isPoolHours);
    const [taught, cancelled] = (await payForSlots(http, b.accessToken, bSlots.slice(0, 2)))
      .lessons as Array<{
      id: string;
      startTime: string;
    }>;
    if (!taught || !cancelled) throw new Error("no lessons");
    t.clock.now = addHours(new Date(cancelled.startTime), -72);
    expect(
      (await http.post(`/api/student/bookings/${cancelled.id}/cancel`, undefined, b.accessToken)).status,
    ).toBe(200);
    t.clock.now = start;
    await mark(taught);

    // Weeks later the payout run pays the GST-registered instructor share + GST.
    t.clock.now = addHours(start, 24 * 30);
    expect((await http.post("/api/admin/payouts/run", undefined, admin)).status).toBe(200);
    const made = await t.database.db.select().from(payouts).where(eq(payouts.instructorId, demo.id));
    const rctiGst = made.reduce((s, p) => s + p.gstCents, 0);
    expect(rctiGst).toBeGreaterThan(0);

    const balance = await http.get("/api/admin/ledger/balance", admin);
    expect(balance.body).toMatchObject({ balanced: true, totalCents: 0 });

    // Every month the seed and this scenario touched, whole.
    const months = monthsFrom(
      sydneyDateOf(addHours(start, -24 * 120)).slice(0, 7),
      sydneyDateOf(t.clock.now).slice(0, 7),
    );
    range = { from: `${months[0]}-01`, to: lastDayOf(months.at(-1) ?? "") };
    let collected = 0;
    let refunds = 0;
    let gst = 0;
    for (const month of months) {
      const rec = await http.get(`/api/admin/reconciliation?month=${month}`, admin);
      expect(rec.status).toBe(200);
      collected += rec.body.collectedCents;
      refunds += rec.body.refundsCents;
      gst += rec.body.gstCents;
    }
    expect(refunds).toBeGreaterThan(0);

    const q = `?from=${range.from}&to=${range.to}`;
    const summary = await http.get(`/api/admin/gst-summary${q}`, admin);
    expect(summary.status).toBe(200);
    const cents = {
      g1: dollarsToCents(summary.body.g1Sales),
      a1: dollarsToCents(summary.body.gstOnSales),
      b1: dollarsToCents(summary.body.gstCredits),
      net: dollarsToCents(summary.body.netGst),
    };
    expect(cents).toEqual({ g1: collected - refunds, a1: gst, b1: rctiGst, net: gst - rctiGst });

    const csv = await download(t.app, `/api/admin/gst-summary.csv${q}`, admin);
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toContain(`kerb-gst-summary-${range.from}-to-${range.to}.csv`);
    const rows = parseCsv(csv.text);
    expect(rows[0]).toEqual([
      "From",
      "To",
      "G1 Total sales (incl. GST)",
      "1A GST on sales",
      "1B GST credits (RCTIs)",
      "Net GST (1A - 1B)",
    ]);
    expect(rows[1]?.slice(0, 2)).toEqual([range.from, range.to]);
    expect(rows[1]?.slice(2).map(csvCents)).toEqual([cents.g1, cents.a1, cents.b1, cents.net]);

    // The exports hold the records behind the same money.
    const exported = async (what: string) => {
      const res = await download(t.app, `/api/admin/exports/${what}.csv${q}`, admin);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/csv/);
      const [header = [], ...body] = parseCsv(res.text);
      const col = (name: string) => header.indexOf(name);
      const total = (name: string) => body.reduce((s, r) => s + csvCents(r[col(name)] ?? "0"), 0);
      return { header, body, col, total, text: res.text };
    };
    const pays = await exported("payments");
    expect(pays.total("Total (incl. GST)")).toBe(collected);
    for (const r of pays.body) {
      expect(csvCents(r[pays.col("Amount (ex GST)")] ?? "") + csvCents(r[pays.col("GST")] ?? "")).toBe(
        csvCents(r[pays.col("Total (incl. GST)")] ?? ""),
      );
    }
    const refs = await exported("refunds");
    expect(refs.total("Total (incl. GST)")).toBe(refunds);
    const outs = await exported("payouts");
    expect(outs.total("GST")).toBe(rctiGst);
    expect(
      outs.body.some((r) => r[outs.col("ABN")] === GST_ABN && r[outs.col("Registered for GST")] === "Yes"),
    ).toBe(true);

    // A name typed as a formula is text in a spreadsheet: prefixed with an apostrophe, never a bare "=".
    const student = (r: string[], c: number) => r[c] ?? "";
    const formulaCells = [
      ...pays.body.map((r) => student(r, pays.col("Student"))),
      ...refs.body.map((r) => student(r, refs.col("Student"))),
    ].filter((name) => name.includes("HYPERLINK"));
    expect(formulaCells.length).toBeGreaterThanOrEqual(2);
    for (const name of formulaCells) expect(name.startsWith(`'${FORMULA_NAME} `)).toBe(true);
    expect(pays.text).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it("downloads a quarter as a one-page PDF whose figures are the JSON summary's to the cent", async () => {
    // The quarter of the payout run above (the clock was left on its day): its 1B is not zero.
    const from = quarterStartOf(sydneyDateOf(t.clock.now));
    const to = addDaysToDate(quarterStartOf(addDaysToDate(from, 100)), -1);
    const q = `?from=${from}&to=${to}`;
    const summary = await http.get(`/api/admin/gst-summary${q}`, admin);
    expect(summary.status).toBe(200);
    expect(summary.body.gstCredits).toBeGreaterThan(0);
    const aud = (dollars: number) => formatAud(dollarsToCents(dollars));

    const pdf = await download(t.app, `/api/admin/gst-summary.pdf${q}`, admin);
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toContain(`kerb-gst-summary-${from}-to-${to}.pdf`);
    const text = pdfText(pdf.raw);
    expect(text).toContain("GST summary (BAS)");
    expect(text).toContain(`${DEFAULT_SUPPLIER_NAME} ABN 00 000 000 000 (demo ABN)`);
    expect(text).toContain("Demonstration ABN");
    // The period in en-AU dates under its label and in the footer that names the page.
    const period = `${formatIsoDate(from)} to ${formatIsoDate(to)}`;
    expect(text).toMatch(/PERIOD/);
    expect(text.split(period)).toHaveLength(3);
    expect(text).toContain(`G1 Total sales (incl. GST) ${aud(summary.body.g1Sales)}`);
    expect(text).toContain(`1A GST on sales ${aud(summary.body.gstOnSales)}`);
    expect(text).toContain(`1B GST credits (RCTIs) ${aud(summary.body.gstCredits)}`);
    expect(text).toContain(`Net GST (1A − 1B) ${aud(summary.body.netGst)}`);
    expect(text).toContain("Page 1 of 1");

    // Described in the OpenAPI document like its CSV sibling, as a PDF, for admins only.
    const docs = t.app.swagger() as unknown as {
      paths: Record<string, { get?: { operationId?: string; security?: unknown; responses: object } }>;
    };
    const operation = docs.paths["/api/admin/gst-summary.pdf"]?.get;
    expect(operation?.operationId).toBe("downloadGstSummaryPdf");
    expect(operation?.security).toEqual([{ bearerAuth: [] }]);
    expect(operation?.responses).toMatchObject({
      200: { content: { "application/pdf": { schema: { format: "binary" } } } },
      400: {},
      401: {},
      403: {},
    });
  });

  it("is empty, not an error, for a range with nothing in it", async () => {
    const res = await http.get("/api/admin/gst-summary?from=2001-01-01&to=2001-03-31", admin);
    expect(res.body).toEqual({
      from: "2001-01-01",
      to: "2001-03-31",
      g1Sales: 0,
      gstOnSales: 0,
      gstCredits: 0,
      netGst: 0,
    });
    const csv = await download(t.app, "/api/admin/exports/payouts.csv?from=2001-01-01&to=2001-03-31", admin);
    expect(parseCsv(csv.text)).toHaveLength(1);
    // A quarter with no sales prints nothing owed, never a negative zero.
    const pdf = pdfText(
      (await download(t.app, "/api/admin/gst-summary.pdf?from=2001-01-01&to=2001-03-31", admin)).raw,
    );
    expect(pdf).toContain("1A GST on sales $0.00");
    expect(pdf).toContain("Net GST (1A − 1B) $0.00");
    expect(pdf).not.toMatch(/[-−]\$0\.00/);
  });

  it("streams an export of more than a page: every record once, in order, ties split by invoice", async () => {
    // Two and a half pages in 2002, three payments to each microsecond instant, so pages end inside a tie.
    const count = Math.floor(EXPORT_PAGE_ROWS * 2.5);
    await t.database.db.execute(sql`
      insert into payments (user_id, type, status, provider, subtotal_cents, gst_cents, amount_cents,
        invoice_number, paid_at)
      select ${demo.id}, 'BUNDLE', 'PAID', 'demo', 1000, 100, 1100, 'KRB-PAGE-' || lpad(i::text, 5, '0'),
             timestamptz '2002-03-01 00:00:00.000001+00' + (i / 3) * interval '1.000001 second'
      from generate_series(1, ${count}) as i`);
    const res = await download(t.app, "/api/admin/exports/payments.csv?from=2002-01-01&to=2002-12-31", admin);
    expect(res.status).toBe(200);
    const [header = [], ...body] = parseCsv(res.text);
    const invoices = body.map((r) => r[header.indexOf("Invoice")]);
    const expected = Array.from({ length: count }, (_, i) => `KRB-PAGE-${String(i + 1).padStart(5, "0")}`);
    expect(invoices).toEqual(expected);
  });
});
