import { describe, expect, it } from "vitest";
import { csvCents, parseCsv } from "../../test/fixtures/payout-fixtures.ts";
import type { PayoutStatement } from "./statement.ts";
import { renderStatementCsv, STATEMENT_CSV_HEADER } from "./statement-csv.ts";

const statement: PayoutStatement = {
  number: "PO-20261108-1A2B3C4D",
  issuedOn: "09/11/2026",
  periodStart: "02/11/2026",
  periodEnd: "08/11/2026",
  recipient: { name: "Kerb Driving Pty Ltd", abn: "51824753556" },
  isDemoRecipient: true,
  agreement: null,
  supplier: { name: "Ana Payee", email: "ana@example.test", abn: null, gstRegistered: false },
  lines: [
    {
      bookingId: "b1",
      date: "03/11/2026",
      time: "10:00 am – 11:00 am",
      description: "Driving lesson, standard rate, Parramatta",
      student: '=HYPERLINK("x") "Sam", Jr',
      grossCents: 4875,
      feeCents: 1219,
      amountCents: 3656,
      gstCents: 0,
    },
    {
      bookingId: "b2",
      date: "04/11/2026",
      time: "9:00 am – 10:00 am",
      description: "Late cancellation (kept value), standard rate, Parramatta",
      student: "Lee Wu",
      grossCents: 3750,
      feeCents: 937,
      amountCents: 2813,
      gstCents: 0,
    },
  ],
  grossCents: 8625,
  feeCents: 2156,
  amountCents: 6469,
  gstCents: 0,
  totalCents: 6469,
  status: "PAID",
  paidOn: "09/11/2026",
  provider: "demo",
};

describe("renderStatementCsv", () => {
  it("adds GST per line and in total for a GST-registered instructor", () => {
    const registered: PayoutStatement = {
      ...statement,
      supplier: { ...statement.supplier, abn: "51824753556", gstRegistered: true },
      lines: statement.lines.map((l) => ({ ...l, gstCents: Math.round(l.amountCents / 10) })),
      gstCents: 366 + 281,
      totalCents: 6469 + 647,
    };
    const rows = parseCsv(renderStatementCsv(registered));
    expect(rows[1]?.slice(10)).toEqual(["36.56", "3.66", "40.22"]);
    expect(rows[3]?.[5]).toBe("Total: taxable supply (net, ex GST), GST and total paid incl. GST");
    expect(rows[3]?.slice(10).map(csvCents)).toEqual([6469, 647, 7116]);
  });

  it("writes a header, a row per lesson and a total that adds up to the cent", () => {
    const rows = parseCsv(renderStatementCsv(statement));
    expect(rows[0]).toEqual([...STATEMENT_CSV_HEADER]);
    expect(rows).toHaveLength(4);
    expect(rows[1]?.slice(8)).toEqual(["48.75", "12.19", "36.56", "0.00", "36.56"]);
    expect(rows[3]?.[5]).toBe("Total: GST not included (the instructor is not registered for GST)");
    expect(rows[3]?.slice(8).map(csvCents)).toEqual([8625, 2156, 6469, 0, 6469]);
    const net = rows.slice(1, 3).reduce((s, r) => s + csvCents(r[10] ?? ""), 0);
    expect(net).toBe(6469);
  });

  it("quotes commas and quotes, and defuses cells a spreadsheet would run as formulas", () => {
    const csv = renderStatementCsv(statement);
    expect(csv).toContain(`"'=HYPERLINK(""x"") ""Sam"", Jr"`);
    expect(parseCsv(csv)[1]?.[6]).toBe(`'=HYPERLINK("x") "Sam", Jr`);
    expect(csv.endsWith("\r\n")).toBe(true);
  });

  it("keeps a typed line break inside its cell and writes a negative amount as a number", () => {
    const line = statement.lines[1];
    if (!line) throw new Error("fixture has two lines");
    const csv = renderStatementCsv({
      ...statement,
      lines: [{ ...line, description: "Pickup moved\nto the station", amountCents: -1250 }],
    });
    expect(csv).toContain(`"Pickup moved\nto the station"`);
    expect(parseCsv(csv)[1]?.[5]).toBe("Pickup moved\nto the station");
    expect(parseCsv(csv)[1]?.[10]).toBe("-12.50");
  });
});
