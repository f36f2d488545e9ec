/**
 * Reading the ledger for operators: the balance check (does every cent add up, per journal and per
 * payment, against the payments, card refunds and lessons tables?), one Sydney month's reconciliation,
 * and revenue per month, all from the ledger's journals.
 */
import type { AdminRevenue, LedgerBalance, Reconciliation } from "@kerb/shared";
import {
  centsToDollars,
  EARNING_EVENTS,
  emptyBalances,
  gstOfCharge,
  type LedgerAccount,
  type LedgerBalances,
  type PaymentFacts,
  paymentLedgerProblems,
  sydneyMidnight,
  sydneyTodayDate,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { groupBy } from "../../lib/group-by.ts";
import * as repo from "./ledger.repository.ts";

// Writers post through postJournal (post-journal.ts); it is re-exported here for the module's callers.
export { postJournal } from "./post-journal.ts";

const MAX_LISTED_PROBLEMS = 20;

type Moved = ReadonlyArray<{ event: string; account: string; cents: number }>;

/**
 * What moved in a period, as the operator reads it (credits are negative in the ledger; the figures are
 * positive amounts). The reconciliation and the revenue page both read their money from here.
 */
function movedFigures(moved: Moved) {
  const sum = (account: LedgerAccount, events?: readonly string[]) =>
    moved
      .filter((r) => r.account === account && (!events || events.includes(r.event)))
      .reduce((s, r) => s + r.cents, 0);
  const gstOnPaymentsCents = -sum("GST_PAYABLE", ["payment.captured"]);
  const gstCents = -sum("GST_PAYABLE");
  return {
    collectedCents: sum("STUDENT_CASH", ["payment.captured"]),
    gstCents,
    gstOnPaymentsCents,
    gstRefundedCents: gstOnPaymentsCents - gstCents,
    refundsCents: -sum("REFUNDS"),
    // Debits: the GST on a GST-registered instructor's RCTI, booked when the payout is made up.
    gstCreditsCents: sum("GST_CREDITS"),
    platformRevenueCents: -sum("PLATFORM_REVENUE"),
    instructorEarningsCents: -sum("INSTRUCTOR_PAYABLE", EARNING_EVENTS),
    // Debits to PAYOUTS_DUE are transfers that went through (payouts restated by migration 0008 included).
    paidOutCents: sum("PAYOUTS_DUE", ["payout.paid"]),
  };
}

/** The revenue page's figures (dollars) of one period's movements. */
function revenueFigures(moved: Moved, lessonsCompleted: number): AdminRevenue["totals"] {
  const f = movedFigures(moved);
  return {
    lessonsCompleted,
    gross: centsToDollars(f.platformRevenueCents + f.instructorEarningsCents),
    platformFees: centsToDollars(f.platformRevenueCents),
    instructorPayouts: centsToDollars(f.instructorEarningsCents),
    gstCollected: centsToDollars(f.gstCents),
    gstOnPayments: centsToDollars(f.gstOnPaymentsCents),
    gstRefunded: centsToDollars(f.gstRefundedCents),
    refunds: centsToDollars(f.refundsCents),
  };
}

/** "2026-03" → "2026-04"; December rolls into January. */
function nextMonth(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
}

export function createLedgerService(ctx: AppContext) {
  return {
    async getBalance(): Promise<LedgerBalance> {
      const db = ctx.db;
      const [total, journals, payouts, charged, sums, refunds, earned, scheduled, bundles] =
        await Promise.all([
          repo.sumAllEntries(db),
          repo.countJournals(db),
          repo.payoutsDue(db),
          repo.listChargedPayments(db),
          repo.paymentAccountSums(db),
          repo.listRefundAmounts(db),
          repo.earnedLessonsByPayment(db),
          repo.scheduledValueByPayment(db),
          repo.bundleConsumption(db),
        ]);
      const sumsByPayment = groupBy(sums, (r) => r.paymentId);
      const refundsByPayment = groupBy(refunds, (r) => r.paymentId);
      const earnedByPayment = groupBy(earned, (r) => r.paymentId);
      const scheduledByPayment = new Map(scheduled.map((r) => [r.paymentId, r.cents]));
      const bundleByPayment = new Map(bundles.map((b) => [b.paymentId, b]));

      const unbalancedPayments: LedgerBalance["unbalancedPayments"] = [];
      let unbalanced = 0;
      for (const payment of charged) {
        // A payment never paid but charged anyway (its holds lapsed) was refunded whole: that is the charge.
        const chargedCents = payment.paidAt ? payment.amountCents : payment.refundedCents;
        const bundle = bundleByPayment.get(payment.id);
        const facts: PaymentFacts = {
          chargedCents,
          gstCents: gstOfCharge(payment, chargedCents),
          refunds: refundsByPayment.get(payment.id) ?? [],
          recordedRefundedCents: payment.refundedCents,
          earnedValuesCents: (earnedByPayment.get(payment.id) ?? []).flatMap((r) =>
            Array.from({ length: r.lessons }, () => r.valueCents),
          ),
          undeliveredCents: !payment.paidAt
            ? 0
            : bundle
              ? (bundle.totalLessons - bundle.consumed) * bundle.pricePerLessonCents
              : (scheduledByPayment.get(payment.id) ?? 0),
        };
        const ledger: LedgerBalances = emptyBalances();
        for (const row of sumsByPayment.get(payment.id) ?? [])
          ledger[row.account as LedgerAccount] = row.cents;
        const problems = paymentLedgerProblems(facts, ledger);
        if (problems.length === 0) continue;
        unbalanced += 1;
        if (unbalancedPayments.length < MAX_LISTED_PROBLEMS) {
          unbalancedPayments.push({ paymentId: payment.id, invoiceNumber: payment.invoiceNumber, problems });
        }
      }
      return {
        balanced:
          total === 0 &&
          journals.unbalanced === 0 &&
          unbalanced === 0 &&
          payouts.ledgerDueCents === payouts.untransferredCents,
        totalCents: total,
        payments: { checked: charged.length, unbalanced },
        journals,
        payouts,
        unbalancedPayments,
      };
    },

    /** One Sydney month (the current one by default), from the ledger's journals dated in it. */
    async getReconciliation(month?: string): Promise<Reconciliation> {
      const m = month ?? sydneyTodayDate(ctx.now()).slice(0, 7);
      const range = { from: sydneyMidnight(`${m}-01`), to: sydneyMidnight(`${nextMonth(m)}-01`) };
      const [moved, closing] = await Promise.all([
        repo.sumsByEventAndAccount(ctx.db, range),
        repo.balancesAt(ctx.db, range.to),
      ]);
      const { gstOnPaymentsCents: _, gstRefundedCents: __, ...money } = movedFigures(moved);
      const close = (account: LedgerAccount) => closing.find((r) => r.account === account)?.cents ?? 0;
      // Credits are negative in the ledger; the figures are shown as positive amounts.
      return {
        month: m,
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        ...money,
        owedCents: -close("INSTRUCTOR_PAYABLE") - close("PAYOUTS_DUE"),
        payoutsDueCents: -close("PAYOUTS_DUE"),
        unearnedCents: -close("UNEARNED_REVENUE"),
      };
    },

    /**
     * Revenue per Sydney month, newest first, and in total: read from the ledger, so it is the
     * reconciliation's money month by month (one money truth). Lesson value counts in the month of the
     * lesson's start, money in the month it moved.
     */
    async getRevenue(): Promise<AdminRevenue> {
      const rows = await repo.sumsByMonthEventAndAccount(ctx.db);
      const completed = (of: typeof rows) =>
        of
          .filter((r) => r.event === "lesson.completed" && r.account === "PLATFORM_REVENUE")
          .reduce((s, r) => s + r.journals, 0);
      const byMonth = groupBy(rows, (r) => r.month);
      const months = [...byMonth.keys()].sort().reverse();
      return {
        months: months.map((month) => {
          const moved = byMonth.get(month) ?? [];
          return { month, ...revenueFigures(moved, completed(moved)) };
        }),
        totals: revenueFigures(rows, completed(rows)),
      };
    },
  };
}
