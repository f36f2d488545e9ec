import { addDaysToDate, formatIsoDate, RCTI_AGREEMENT_VERSION } from "@kerb/shared/rules";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import {
  auditLog,
  bookings,
  ledgerEntries,
  ledgerJournals,
  payoutItems,
  payouts,
} from "../../db/schema/index.ts";
import { FIXTURE_ABN, newInstructor, newStudent } from "../../test/fixtures/instructor-fixtures.ts";
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

describeEachDatabase("instructor payouts (demo provider)", (kind) => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let admin: string;
  let a: { id: string; token: string };
  let b: { id: string; token: string };
  let student: { id: string; token: string };
  const ids: Record<string, string> = {};
  let period: ReturnType<typeof periodAt>;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    http = api(t.app);
    admin = (await http.login("admin@demo.test")).accessToken;
    a = await newInstructor(http, t.database.db, { firstName: "Ana", lastName: "Payee" });
    b = await newInstructor(http, t.database.db, { firstName: "Ben", lastName: "Other" });
    student = await newStudent(http, { firstName: "Sam", lastName: "Learner" });
    period = periodAt(t.clock.now);
    const db = t.database.db;
    const base = { studentId: student.id, instructorId: a.id };
    // Payable for A in the period: 8000 + 6500 (no-show, pool) + kept 4000 + an older lesson 8000.
    ids.completed = await insertOutcome(db, {
      ...base,
      start: sydneyAt(period.tuesday, 10),
      status: "COMPLETED",
      priceCents: 8000,
    });
    ids.noShow = await insertOutcome(db, {
      ...base,
      start: sydneyAt(period.tuesday, 12),
      status: "NO_SHOW",
      priceCents: 6500,
      isPoolHours: true,
    });
    ids.kept = await insertOutcome(db, {
      ...base,
      start: sydneyAt(addDaysToDate(period.start, 3), 9),
      status: "CANCELLED",
      priceCents: 8000,
      cancelledHoursBefore: 36,
    });
    ids.older = await insertOutcome(db, {
      ...base,
      start: sydneyAt(addDaysToDate(period.start, -10), 9),
      status: "COMPLETED",
      priceCents: 8000,
    });
    // Not payable: nothing kept, not yet marked, after the period ends.
    ids.refunded = await insertOutcome(db, {
      ...base,
      start: sydneyAt(addDaysToDate(period.start, 4), 9),
      status: "CANCELLED",
      priceCents: 8000,
      cancelledHoursBefore: 72,
    });
    ids.unmarked = await insertOutcome(db, {
      ...base,
      start: sydneyAt(period.end, 15),
      status: "SCHEDULED",
      priceCents: 8000,
    });
    ids.nextWeek = await insertOutcome(db, {
      ...base,
      start: sydneyAt(addDaysToDate(period.end, 1), 0),
      status: "COMPLETED",
      priceCents: 8000,
    });
    ids.ben = await insertOutcome(db, {
      studentId: student.id,
      instructorId: b.id,
      start: sydneyAt(period.tuesday, 14),
      status: "COMPLETED",
      priceCents: 7000,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const payoutsOf = (instructorId: string) =>
    t.database.db.select().from(payouts).where(eq(payouts.instructorId, instructorId));

  it("pays the week that ended: completed, no-show and kept value, once per instructor", async () => {
    const res = await http.post("/api/admin/payouts/run", undefined, admin);
    expect(res.status).toBe(200);
    expect(res.body.period).toEqual({ start: period.start, end: period.end });
    const mine = res.body.payouts.find((p: { instructorId: string }) => p.instructorId === a.id);
    // Lines: 6000 + 4875 + 3000 + 6000 = 19875 cents net of 26500 gross.
    expect(mine).toEqual({
      id: expect.any(String),
      instructorId: a.id,
      amount: 198.75,
      status: "PAID",
      lessons: 4,
    });
    const ben = res.body.payouts.find((p: { instructorId: string }) => p.instructorId === b.id);
    expect(ben).toMatchObject({ amount: 52.5, status: "PAID", lessons: 1 });

    const [row] = await payoutsOf(a.id);
    expect(row).toMatchObject({
      periodStart: period.start,
      periodEnd: period.end,
      lessonCount: 4,
      grossCents: 26500,
      feeCents: 6625,
      amountCents: 19875,
      status: "PAID",
      provider: "demo",
      attempts: 1,
    });
    const items = await t.database.db.select().from(payoutItems).where(eq(payoutItems.payoutId, mine.id));
    expect(items.map((i) => i.bookingId).sort()).toEqual(
      [ids.completed, ids.noShow, ids.kept, ids.older].sort(),
    );
    expect(items.reduce((s, i) => s + i.amountCents, 0)).toBe(19875);
  });

  it("posts the payout to the ledger: due when made up, out of cash when paid, each balanced", async () => {
    const [row] = await payoutsOf(a.id);
    if (!row) throw new Error("no payout");
    const journals = await t.database.db
      .select()
      .from(ledgerJournals)
      .where(eq(ledgerJournals.payoutId, row.id))
      .orderBy(ledgerJournals.key);
    expect(journals.map((j) => [j.key, j.event])).toEqual([
      [`payout:${row.id}`, "payout"],
      [`payout:${row.id}:paid`, "payout.paid"],
    ]);
    const linesOf = async (journalId: string) =>
      (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.journalId, journalId))).map(
        (l) => ({ account: l.account, amountCents: l.amountCents, instructorId: l.instructorId }),
      );
    expect(await linesOf(journals[0]?.id ?? "")).toEqual(
      expect.arrayContaining([
        { account: "INSTRUCTOR_PAYABLE", amountCents: 19875, instructorId: a.id },
        { account: "PAYOUTS_DUE", amountCents: -19875, instructorId: null },
      ]),
    );
    expect(await linesOf(journals[1]?.id ?? "")).toEqual(
      expect.arrayContaining([
        { account: "PAYOUTS_DUE", amountCents: 19875, instructorId: null },
        { account: "STUDENT_CASH", amountCents: -19875, instructorId: null },
      ]),
    );
    // Paid in demo mode: nothing is left due. (These lessons' payments are fixtures, so only the
    // payouts part of the check is asserted here.)
    const balance = await http.get("/api/admin/ledger/balance", admin);
    expect(balance.body.payouts).toEqual({ ledgerDueCents: 0, untransferredCents: 0 });
  });

  it("is idempotent: a second run, and several at once from two app instances, pay nothing twice", async () => {
    const [before] = await payoutsOf(a.id);
    const second = await http.post("/api/admin/payouts/run", undefined, admin);
    expect(second.status).toBe(200);
    expect(second.body.created).toBe(0);
    expect(second.body.payouts.find((p: { instructorId: string }) => p.instructorId === a.id)?.id).toBe(
      before?.id,
    );

    // Another API process on the same database, and runs racing in both.
    const other = await buildApp({ env: t.env, database: t.database, now: () => t.clock.now, logger: false });
    await other.ready();
    try {
      const runs = await Promise.all([
        ...Array.from({ length: 4 }, () => http.post("/api/admin/payouts/run", undefined, admin)),
        ...Array.from({ length: 4 }, () => api(other).post("/api/admin/payouts/run", undefined, admin)),
      ]);
      for (const run of runs) {
        expect(run.status).toBe(200);
        expect(run.body.created).toBe(0);
      }
    } finally {
      await other.close();
    }
    expect(await payoutsOf(a.id)).toHaveLength(1);
    const duplicates = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(payoutItems)
      .groupBy(payoutItems.bookingId)
      .having(sql`count(*) > 1`);
    expect(duplicates).toEqual([]);
    const journals = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(ledgerJournals)
      .where(eq(ledgerJournals.event, "payout"));
    const allPayouts = await t.database.db.select({ id: payouts.id }).from(payouts);
    expect(journals[0]?.n).toBe(allPayouts.length);
  });

  it("audits each payout it creates, with the admin who ran it", async () => {
    const [row] = await payoutsOf(a.id);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payout.create"), eq(auditLog.targetId, row?.id ?? "")));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      targetType: "payout",
      details: expect.objectContaining({ amountCents: 19875 }),
    });
    expect(entries[0]?.actorId).not.toBeNull();
  });

  it("lists the instructor's own payouts and what is not paid out yet", async () => {
    const res = await http.get("/api/instructor/payouts", a.token);
    expect(res.status).toBe(200);
    expect(res.body.payouts).toHaveLength(1);
    expect(res.body.payouts[0]).toMatchObject({
      periodStart: period.start,
      periodEnd: period.end,
      lessons: 4,
      gross: 265,
      fee: 66.25,
      net: 198.75,
      status: "PAID",
      statementCsvUrl: `/api/instructor/payouts/${res.body.payouts[0].id}/statement.csv`,
    });
    // The lesson after the period is earned but waits for next week's run.
    expect(res.body.unpaid).toEqual({ lessons: 1, gross: 80, fee: 20, net: 60, gst: 0, total: 60 });
    expect(res.body.details).toEqual({
      abn: FIXTURE_ABN,
      gstRegistered: false,
      gstRegistrations: [],
      provider: "demo",
      stripeConnected: false,
      payoutHold: null,
    });
    const other = await http.get("/api/instructor/payouts", b.token);
    expect(other.body.payouts.map((p: { net: number }) => p.net)).toEqual([52.5]);
    expect((await http.get("/api/instructor/payouts", student.token)).status).toBe(403);
    expect((await http.get("/api/instructor/payouts")).status).toBe(401);
  });

  it("records the ABN (checksum validated) and GST status", async () => {
    const bad = await http.patch(
      "/api/instructor/payout-details",
      { abn: "53 004 085 617", gstRegistered: true },
      a.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_error");
    // Registered from the start of the week paid: lessons from then on carry GST, earlier ones none.
    const ok = await http.patch(
      "/api/instructor/payout-details",
      { abn: "53 004 085 616", gstRegistered: true, gstEffectiveDate: period.start },
      a.token,
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      abn: "53004085616",
      gstRegistered: true,
      gstRegistrations: [{ effectiveFrom: period.start, effectiveTo: null, checked: false }],
      // The new ABN and GST status are named in the RCTI agreement: it is asked again.
      payoutHold: "agreement_missing",
    });
    const again = await http.post(
      "/api/instructor/rcti-agreement/accept",
      { version: RCTI_AGREEMENT_VERSION },
      a.token,
    );
    expect(again.status).toBe(200);
    const cleared = await http.patch(
      "/api/instructor/payout-details",
      { abn: "", gstRegistered: false },
      b.token,
    );
    expect(cleared.body).toMatchObject({ abn: null, gstRegistered: false });
    // The ABN is a tax record: each change audited before → after, an unchanged save not at all.
    await http.patch("/api/instructor/payout-details", { abn: "53004085616", gstRegistered: true }, a.token);
    const entries = await t.database.db
      .select({ actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "instructor.payout_details"), eq(auditLog.targetId, a.id)));
    expect(entries).toEqual([
      {
        actorId: a.id,
        details: {
          before: { abn: FIXTURE_ABN, gstRegistered: false },
          after: { abn: "53004085616", gstRegistered: true },
        },
      },
    ]);
  });

  it("the CSV statement has one row per lesson and a total equal to the payout to the cent", async () => {
    const [row] = await payoutsOf(a.id);
    const res = await download(t.app, `/api/instructor/payouts/${row?.id}/statement.csv`, a.token);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(
      /attachment; filename="Kerb-payout-PO-\d{8}-[0-9A-F]{8}\.csv"/,
    );
    const [header, ...rows] = parseCsv(res.text);
    expect(header?.slice(-5)).toEqual(["Gross (ex GST)", "Platform fee", "Net (ex GST)", "GST", "Total"]);
    const total = rows.at(-1) ?? [];
    const lines = rows.slice(0, -1);
    expect(lines).toHaveLength(4);
    expect(total[5]).toBe("Total: GST not included (the instructor is not registered for GST)");
    const sum = (col: number) => lines.reduce((s, r) => s + csvCents(r[col] ?? ""), 0);
    expect([sum(8), sum(9), sum(10)]).toEqual([26500, 6625, 19875]);
    expect(total.slice(8).map(csvCents)).toEqual([26500, 6625, 19875, 0, 19875]);
    expect(lines.map((r) => r[7]).sort()).toEqual([ids.completed, ids.noShow, ids.kept, ids.older].sort());
    // The lesson from before the week is paid too: the period starts at it, so it covers every line.
    const olderDate = formatIsoDate(addDaysToDate(period.start, -10));
    expect(lines.find((r) => r[7] === ids.older)?.[3]).toBe(olderDate);
    for (const line of lines) {
      expect(line[1]).toBe(olderDate);
      expect(line[2]).toBe(formatIsoDate(period.end));
      expect(line[3]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(line[6]).toBe("Sam Learner");
    }
    expect(lines.find((r) => r[7] === ids.kept)?.slice(8)).toEqual([
      "40.00",
      "10.00",
      "30.00",
      "0.00",
      "30.00",
    ]);
    expect(lines.find((r) => r[7] === ids.noShow)?.[5]).toMatch(/did not attend\), pool hours/);
  });

  it("the PDF statement prints supplier, instructor, ABN, GST status, each line and the totals", async () => {
    const [row] = await payoutsOf(a.id);
    const res = await download(t.app, `/api/instructor/payouts/${row?.id}/statement.pdf`, a.token);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(res.raw);
    // Made up while Ana was not registered for GST, with the ABN she had then: it stays a payout
    // statement with that ABN after she registers with another.
    expect(text).toContain("Recipient-created payout statement");
    expect(text).toContain(t.env.SUPPLIER_NAME);
    expect(text).toContain("Ana Payee");
    expect(text).toContain("ABN 51 824 753 556");
    expect(text).not.toContain("53 004 085 616");
    expect(text).toContain("Not registered for GST");
    // The period covers every line, the lesson from before the week included.
    expect(text).toContain(
      `${formatIsoDate(addDaysToDate(period.start, -10))} to ${formatIsoDate(period.end)}`,
    );
    expect(text).not.toContain(`${formatIsoDate(period.start)} to`);
    for (const amount of ["$80.00", "$65.00", "$40.00", "$60.00", "$48.75", "$30.00"])
      expect(text).toContain(amount);
    expect(text).toContain("$265.00");
    expect(text).toContain("-$66.25");
    expect(text).toMatch(/Net paid to you \(GST not included\) \$198\.75/);
    expect(text).toMatch(/Paid on \d{2}\/\d{2}\/\d{4}/);
  });

  it("a statement of one lesson counts it in the singular: 1 line", async () => {
    const [row] = await payoutsOf(b.id);
    const res = await download(t.app, `/api/instructor/payouts/${row?.id}/statement.pdf`, b.token);
    expect(res.status).toBe(200);
    const text = pdfText(res.raw);
    expect(text).toContain("Gross lesson value (ex GST), 1 line $70.00");
    expect(text).not.toContain("1 lines");
  });

  it("another instructor's statement is 404, like one that does not exist", async () => {
    const [row] = await payoutsOf(a.id);
    for (const format of ["csv", "pdf"]) {
      const res = await download(t.app, `/api/instructor/payouts/${row?.id}/statement.${format}`, b.token);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.text).error.code).toBe("not_found");
      const missing = await download(
        t.app,
        `/api/instructor/payouts/00000000-0000-4000-8000-000000000000/statement.${format}`,
        a.token,
      );
      expect(missing.status).toBe(404);
      expect(
        (await download(t.app, `/api/instructor/payouts/${row?.id}/statement.${format}`, student.token))
          .status,
      ).toBe(403);
    }
  });

  it("demo mode has no Stripe account to connect", async () => {
    const res = await http.post("/api/instructor/payouts/connect", undefined, a.token);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("invalid_state");
    expect(res.body.error.message).toMatch(/demo mode/);
  });

  it("shows admins payouts by status, and what instructors are accruing", async () => {
    const res = await http.get("/api/admin/payouts?status=paid&pageSize=100", admin);
    expect(res.status).toBe(200);
    const mine = res.body.items.find((p: { instructor: { id: string } }) => p.instructor.id === a.id);
    expect(mine).toMatchObject({
      lessons: 4,
      gross: 265,
      fee: 66.25,
      amount: 198.75,
      status: "PAID",
      provider: "demo",
    });
    expect(res.body.summary.paid.count).toBeGreaterThanOrEqual(2);
    expect(res.body.summary.failed).toEqual({ count: 0, amount: 0 });
    expect(res.body.summary.accruing.lessons).toBeGreaterThanOrEqual(1);
    expect((await http.get("/api/admin/payouts?status=nope", admin)).status).toBe(400);
    expect((await http.get("/api/admin/payouts", a.token)).status).toBe(403);
    expect((await http.post("/api/admin/payouts/run", undefined, a.token)).status).toBe(403);
    // A paid payout is not sent again.
    const retry = await http.post(`/api/admin/payouts/${mine.id}/retry`, undefined, admin);
    expect(retry.status).toBe(409);
  });

  it("a lesson marked after the run waits for the next week; next week pays it and the later ones", async () => {
    await t.database.db
      .update(bookings)
      .set({ status: "COMPLETED" })
      .where(eq(bookings.id, ids.unmarked ?? ""));
    const sameWeek = await http.post("/api/admin/payouts/run", undefined, admin);
    expect(sameWeek.body.created).toBe(0);
    expect(await payoutsOf(a.id)).toHaveLength(1);

    t.clock.advanceMinutes(7 * 24 * 60);
    try {
      const next = await http.post("/api/admin/payouts/run", undefined, admin);
      const mine = next.body.payouts.find((p: { instructorId: string }) => p.instructorId === a.id);
      // Ana registered for GST (with an ABN) since her first payout: this one adds 10% GST, $12.00.
      expect(mine).toMatchObject({ lessons: 2, amount: 132, status: "PAID" });
      const items = await t.database.db
        .select({ bookingId: payoutItems.bookingId })
        .from(payoutItems)
        .where(inArray(payoutItems.bookingId, [ids.unmarked ?? "", ids.nextWeek ?? "", ids.refunded ?? ""]));
      expect(items.map((i) => i.bookingId).sort()).toEqual([ids.unmarked, ids.nextWeek].sort());
    } finally {
      t.clock.advanceMinutes(-7 * 24 * 60);
    }
  });
});
