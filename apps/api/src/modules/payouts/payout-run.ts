/**
 * The weekly payout run. For each instructor with payable lessons, one transaction under an advisory
 * lock creates the payout, its items and the ledger journal that makes the payable due; delivery (the
 * transfer, and the journal that takes the money out of cash) happens after commit. Idempotent: the
 * period is fixed by the week (rules/payouts.ts), (instructor, period end) is unique and each booking
 * is in at most one payout item, so a second run — or two at once, in several processes — finds the
 * payout there and pays nothing twice.
 */
import {
  chargesGst,
  gstRegisteredOn,
  instructorPayLine,
  instructorPayTotals,
  type PayoutHold,
  payableGrossCents,
  payoutHoldOf,
  payoutPaidPosting,
  payoutPeriodFor,
  payoutPosting,
  payoutStatementNumber,
  RCTI_AGREEMENT_VERSION,
  sydneyDateOf,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { recipient } from "../notifications/index.ts";
import { type PayoutProvider, payoutProviderOf } from "./payout-provider.ts";
import { payoutWaitingEmail } from "./payout-waiting-email.ts";
import * as repo from "./payouts.repository.ts";
import { gstRegistrationsOf } from "./rcti.repository.ts";

interface PayoutRunResult {
  period: { start: string; end: string };
  created: number;
  skippedWithoutAccount: number;
  /** Instructors with earnings and no valid ABN: nothing is paid until they give one (decision 030). */
  skippedWithoutAbn: number;
  /** Instructors with earnings and no current RCTI agreement: no RCTI, so no payout (decision 037). */
  skippedWithoutAgreement: number;
  payouts: repo.PayoutRow[];
}

type Ctx = Pick<AppContext, "db" | "env" | "payments" | "log" | "now" | "transact">;

/**
 * Tells an instructor the run passed them by and what ends the wait (the admin sees the same on the
 * payouts page's readiness list): once per weekly period, however often the run is repeated.
 */
async function tellPayoutWaits(
  ctx: Ctx,
  instructorId: string,
  hold: PayoutHold,
  periodEnd: string,
  now: Date,
): Promise<void> {
  const [payee, unpaid] = await Promise.all([
    repo.findPayee(ctx.db, instructorId),
    repo.unpaidEarningsByAmount(ctx.db, instructorId),
  ]);
  if (!payee) return;
  const waitingCents = instructorPayTotals(unpaid, { abn: null, gstRegistered: false }).shareCents;
  await ctx.transact((uow) =>
    uow.email({
      kind: "payout_waiting",
      to: recipient(payee),
      ...payoutWaitingEmail({ instructor: payee, hold, waitingCents, appUrl: publicOrigin(ctx.env) }),
      dedupeKey: `payout-waiting:${instructorId}:${periodEnd}`,
      now,
    }),
  );
}

/** Creates one instructor's payout for the period, or returns the one already there (or null: nothing due). */
async function createInstructorPayout(
  ctx: Ctx,
  provider: PayoutProvider,
  instructorId: string,
  period: ReturnType<typeof payoutPeriodFor>,
  now: Date,
  actorId: string | null,
): Promise<{ payout: repo.PayoutRow; created: boolean } | null> {
  return ctx.transact(async (uow) => {
    const { tx } = uow;
    await repo.lockInstructorPayouts(tx, instructorId);
    const existing = await repo.findPayoutForPeriod(tx, instructorId, period.end);
    if (existing) return { payout: existing, created: false };
    // Read in the transaction: the ABN, GST registrations and agreement the RCTI is made up with.
    const payee = await repo.findPayee(tx, instructorId);
    if (!payee) return null;
    // No Connect account yet, no valid ABN or no current RCTI agreement: the lessons stay unpaid-out
    // and a later run pays them, each line still under its own lesson date.
    if (provider.name === "stripe" && !payee.stripeAccountId) return null;
    if (payoutHoldOf(payee) !== null) return null;
    const registrations = await gstRegistrationsOf(tx, instructorId);
    const lessons = (await repo.payableLessons(tx, instructorId, period.endsAt))
      .map((lesson) => {
        const grossCents = payableGrossCents(lesson);
        // GST follows the registration on the day the lesson was taught, not the day it is paid.
        const status = {
          abn: payee.abn,
          gstRegistered: gstRegisteredOn(registrations, sydneyDateOf(lesson.startTime)),
        };
        return {
          ...lesson,
          grossCents,
          chargesGst: chargesGst(status),
          line: instructorPayLine(grossCents, status),
        };
      })
      .filter((lesson) => lesson.grossCents > 0);
    if (lessons.length === 0) return null;
    const totals = { lessons: lessons.length, grossCents: 0, feeCents: 0, gstCents: 0, totalCents: 0 };
    for (const { line } of lessons) {
      totals.grossCents += line.grossCents;
      totals.feeCents += line.feeCents;
      totals.gstCents += line.gstCents;
      totals.totalCents += line.totalCents;
    }
    // A tax invoice as soon as one line is a taxable supply; the other lines print without GST.
    const supplierGstRegistered = lessons.some((l) => l.chargesGst);
    const payout = await repo.insertPayout(tx, {
      instructorId,
      periodStart: period.start,
      periodEnd: period.end,
      lessonCount: totals.lessons,
      grossCents: totals.grossCents,
      feeCents: totals.feeCents,
      gstCents: totals.gstCents,
      amountCents: totals.totalCents,
      supplierGstRegistered,
      supplierAbn: payee.abn,
      rctiAgreementVersion: RCTI_AGREEMENT_VERSION,
      status: "PENDING",
      provider: provider.name,
      createdAt: now,
    });
    await repo.insertPayoutItems(
      tx,
      lessons.map(({ id, line }) => ({
        payoutId: payout.id,
        bookingId: id,
        grossCents: line.grossCents,
        amountCents: line.shareCents,
        gstCents: line.gstCents,
      })),
    );
    await uow.post({
      ...payoutPosting({
        payoutId: payout.id,
        instructorId,
        amountCents: payout.amountCents,
        gstCents: payout.gstCents,
      }),
      occurredAt: now,
    });
    await uow.audit({
      actorId,
      action: "payout.create",
      targetType: "payout",
      targetId: payout.id,
      details: {
        instructorId,
        period: `${period.start}..${period.end}`,
        lessons: totals.lessons,
        amountCents: totals.totalCents,
        gstCents: totals.gstCents,
        statement: payoutStatementNumber(payout),
      },
      createdAt: now,
    });
    return { payout, created: true };
  });
}

/**
 * Sends one payout to its provider, if no one else is doing so right now. `retry` also takes FAILED
 * payouts (the admin's retry); otherwise only PENDING ones are sent. Returns the payout as it ends up.
 */
export async function deliverPayout(
  ctx: Ctx,
  payoutId: string,
  options: { retry?: boolean; actorId?: string | null } = {},
): Promise<repo.PayoutRow | undefined> {
  const provider = payoutProviderOf(ctx);
  return ctx.transact(async (uow) => {
    const { tx } = uow;
    if (!(await repo.tryLockPayoutDelivery(tx, payoutId))) return repo.findPayout(tx, payoutId);
    const payout = await repo.findPayoutForUpdate(tx, payoutId);
    if (!payout) return undefined;
    const sendable = payout.status === "PENDING" || (options.retry && payout.status === "FAILED");
    if (!sendable) return payout;
    const now = ctx.now();
    const attempt = payout.attempts + 1;
    if (options.retry) {
      await uow.audit({
        actorId: options.actorId ?? null,
        action: "payout.retry",
        targetType: "payout",
        targetId: payout.id,
        details: { attempt, previousStatus: payout.status, amountCents: payout.amountCents },
        createdAt: now,
      });
    }
    const markPaid = async (providerRef: string | null = null) => {
      await uow.post({
        ...payoutPaidPosting({ payoutId: payout.id, amountCents: payout.amountCents }),
        occurredAt: now,
      });
      return repo.markPayout(tx, payout.id, {
        status: "PAID",
        providerRef,
        attempts: attempt,
        lastError: null,
        paidAt: now,
      });
    };
    // Demo mode moves no money: the payout is simply recorded as paid.
    if (payout.provider === "demo") return markPaid();
    try {
      if (provider.name !== "stripe") throw new Error("Stripe payouts need PAYMENT_PROVIDER=stripe");
      const payee = await repo.findPayee(tx, payout.instructorId);
      if (!payee?.stripeAccountId) throw new Error("The instructor has no connected Stripe account");
      const result = await provider.transfer({
        payoutId: payout.id,
        amountCents: payout.amountCents,
        destination: payee.stripeAccountId,
        attempt,
        description: `Kerb payout ${payoutStatementNumber(payout)} (${payout.periodStart} to ${payout.periodEnd})`,
      });
      return markPaid(result.providerRef);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      ctx.log.warn({ err: error, payoutId: payout.id }, "payout transfer failed");
      return repo.markPayout(tx, payout.id, {
        status: "FAILED",
        attempts: attempt,
        lastError: message.slice(0, 500),
      });
    }
  });
}

/** The scheduled job's name, in job_runs and its metrics series; the admin's manual run records under it too. */
export const PAYOUT_RUN_JOB = "payout-run";

/**
 * Pays the Sydney week that ended before `now`: creates what is due, then delivers every PENDING
 * payout (this run's and any a crash left behind). Safe to call as often as wanted.
 */
export async function runPayouts(
  ctx: Ctx,
  now: Date,
  actorId: string | null = null,
): Promise<PayoutRunResult> {
  const provider = payoutProviderOf(ctx);
  const period = payoutPeriodFor(now);
  const candidates = await repo.instructorsWithPayableLessons(ctx.db, period.endsAt);
  let created = 0;
  let skippedWithoutAccount = 0;
  let skippedWithoutAbn = 0;
  let skippedWithoutAgreement = 0;
  for (const candidate of candidates) {
    const hold = payoutHoldOf(candidate);
    if (hold !== null) {
      const existing = await repo.findPayoutForPeriod(ctx.db, candidate.instructorId, period.end);
      if (!existing && hold === "abn_missing") skippedWithoutAbn += 1;
      if (!existing && hold === "agreement_missing") skippedWithoutAgreement += 1;
      if (!existing) await tellPayoutWaits(ctx, candidate.instructorId, hold, period.end, now);
      continue;
    }
    if (provider.name === "stripe" && !candidate.stripeAccountId) {
      // Still checked inside the transaction; counted here so the operator sees who is accruing.
      const existing = await repo.findPayoutForPeriod(ctx.db, candidate.instructorId, period.end);
      if (!existing) skippedWithoutAccount += 1;
      continue;
    }
    const result = await createInstructorPayout(ctx, provider, candidate.instructorId, period, now, actorId);
    if (result?.created) created += 1;
  }
  for (const id of await repo.pendingPayoutIds(ctx.db)) await deliverPayout(ctx, id);
  const payouts = await repo.payoutsOfPeriod(ctx.db, period.end);
  if (created > 0) ctx.log.info({ period, created }, "payout run created payouts");
  return {
    period: { start: period.start, end: period.end },
    created,
    skippedWithoutAccount,
    skippedWithoutAbn,
    skippedWithoutAgreement,
    payouts,
  };
}
