import type { LedgerBalance } from "@kerb/shared";
import {
  emptyBalances,
  gstOfCharge,
  type LedgerAccount,
  type LedgerBalances,
  type PaymentFacts,
  paymentLedgerProblems,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { groupBy } from "../../lib/group-by.ts";
import * as repo from "./ledger.repository.ts";

const MAX_LISTED_PROBLEMS = 20;

/**
 * GET /admin/ledger/balance: does every cent add up, per journal and per payment, against the payments,
 * card refunds and lessons tables? Lists the first few payments that do not.
 */
export async function getLedgerBalance(ctx: AppContext): Promise<LedgerBalance> {
  const db = ctx.db;
  const [total, journals, payouts, charged, sums, refunds, earned, scheduled, bundles, packCredits] =
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
      repo.testPackCreditConsumption(db),
    ]);
  const sumsByPayment = groupBy(sums, (r) => r.paymentId);
  const refundsByPayment = groupBy(refunds, (r) => r.paymentId);
  const earnedByPayment = groupBy(earned, (r) => r.paymentId);
  const scheduledByPayment = new Map(scheduled.map((r) => [r.paymentId, r.cents]));
  const bundleByPayment = new Map(bundles.map((b) => [b.paymentId, b]));
  const packCreditByPayment = new Map(packCredits.map((c) => [c.paymentId, c]));

  const unbalancedPayments: LedgerBalance["unbalancedPayments"] = [];
  let unbalanced = 0;
  for (const payment of charged) {
    // A payment never paid but charged anyway (its holds lapsed) was refunded whole: that is the charge.
    const chargedCents = payment.paidAt ? payment.amountCents : payment.refundedCents;
    const bundle = bundleByPayment.get(payment.id);
    const packCredit = packCreditByPayment.get(payment.id);
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
          ? (bundle.totalLessons - bundle.consumedCredits) * bundle.pricePerLessonCents
          : packCredit
            ? packCredit.earned
              ? 0
              : packCredit.valueCents
            : (scheduledByPayment.get(payment.id) ?? 0),
    };
    const ledger: LedgerBalances = emptyBalances();
    for (const row of sumsByPayment.get(payment.id) ?? []) ledger[row.account as LedgerAccount] = row.cents;
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
}
