import { z } from "zod";
import { PAYMENT_PROVIDERS } from "../constants.ts";
import { ABN_PROBLEM_MESSAGES, abnProblemOf } from "../rules/abn.ts";
import { calendarDate, isoDate, pageOf, pageQuery } from "./common.ts";

// Instructor payouts and their statements (/api/instructor/payouts…, /api/admin/payouts…).
// Money is in dollars, like the rest of the API; the database keeps integer cents.

export const PAYOUT_STATUSES = ["PENDING", "PAID", "FAILED"] as const;
/** Why a payout run passes an instructor by (rules/instructor-pay.ts `payoutHoldOf`). */
export const PAYOUT_HOLDS = ["abn_missing", "agreement_missing"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Lessons and their money, as a payout or the unpaid balance adds them up (dollars). */
const payAmounts = z.object({
  /** Lines on the statement: lessons taught or not attended, and late cancellations that earned. */
  lessons: z.number().int(),
  /** Dollars, ex GST: the lesson value the payout is for. */
  gross: z.number(),
  /** Dollars: Kerb's 25% platform fee. gross = fee + net exactly. */
  fee: z.number(),
  /** Dollars: the instructor's share, ex GST (the taxable supply for a GST-registered instructor). */
  net: z.number(),
  /** Dollars: the GST on net paid to a GST-registered instructor (0 otherwise). */
  gst: z.number(),
  /** Dollars: what is transferred, net + gst. */
  total: z.number(),
});

/** One payout as its instructor sees it: the week it pays, gross − 25% fee = net. */
export const instructorPayout = payAmounts.extend({
  id: z.uuid(),
  /** Monday and Sunday of the Sydney week paid (YYYY-MM-DD). */
  periodStart: isoDate,
  periodEnd: isoDate,
  status: z.enum(PAYOUT_STATUSES),
  /** "PO-20261108-1A2B3C4D": printed on the statement. */
  statementNumber: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** API paths of the statement downloads (bearer token required). */
  statementCsvUrl: z.string(),
  statementPdfUrl: z.string(),
});
export type InstructorPayout = z.infer<typeof instructorPayout>;

/** What payout statements print and where payouts go. */
export const payoutDetails = z.object({
  /** 11 digits, or null when not recorded. */
  abn: z.string().nullable(),
  gstRegistered: z.boolean(),
  /** demo: payouts are marked paid; stripe: transferred to the connected Stripe Express account. */
  provider: z.enum(PAYMENT_PROVIDERS),
  /** A Stripe Connect account is on file (always false in demo mode, where none is needed). */
  stripeConnected: z.boolean(),
  /**
   * Why nothing is paid out (earnings keep accruing): "abn_missing", no valid ABN; "agreement_missing",
   * the current RCTI agreement is not accepted (GET /api/instructor/rcti-agreement).
   */
  payoutHold: z.enum(PAYOUT_HOLDS).nullable(),
  /** The GST registration periods on record, oldest first (rules/rcti.ts). */
  gstRegistrations: z.array(
    z.object({ effectiveFrom: isoDate, effectiveTo: isoDate.nullable(), checked: z.boolean() }),
  ),
});
export type PayoutDetails = z.infer<typeof payoutDetails>;

/** GET /api/instructor/payouts: newest first, the payout details and what is earned but not paid out yet. */
export const instructorPayoutsResponse = z.object({
  payouts: z.array(instructorPayout),
  details: payoutDetails,
  /**
   * Earned and not in any payout yet: paid by a coming run (or once a Stripe account is connected). Its
   * GST is at today's registration; the payout fixes it when it is made up.
   */
  unpaid: payAmounts,
  /**
   * Earned during a period the instructor was not allowed to teach (suspended, rejected or delisted, a
   * document lapsed): not in `unpaid`, and paid only if an admin decides so (rules/teaching-stops.ts).
   */
  held: payAmounts,
});
export type InstructorPayoutsResponse = z.infer<typeof instructorPayoutsResponse>;

export const GST_NEEDS_ABN = "Registering for GST needs a valid ABN: enter your ABN to be paid GST";

/** PATCH /api/instructor/payout-details. An empty or null ABN removes it. */
export const updatePayoutDetailsRequest = z
  .strictObject({
    abn: z
      .string()
      .trim()
      .transform((v) => v.replace(/\s/g, ""))
      .superRefine((v, ctx) => {
        const problem = v === "" ? null : abnProblemOf(v);
        if (problem) ctx.addIssue({ code: "custom", message: ABN_PROBLEM_MESSAGES[problem] });
      })
      .transform((v) => (v === "" ? null : v))
      .nullable()
      .optional(),
    gstRegistered: z.boolean(),
    /**
     * When the change of GST registration took effect: the date of effect when registering, the first
     * day no longer registered when it stops (ABN Lookup shows both). Today (Sydney) when left out.
     */
    gstEffectiveDate: calendarDate.optional(),
  })
  // An ABN cleared in the same request cannot carry a GST registration; one left out is checked by the
  // service against the ABN on record.
  .refine((v) => !(v.gstRegistered && v.abn === null), {
    path: ["abn"],
    message: GST_NEEDS_ABN,
  });
export type UpdatePayoutDetailsRequest = z.input<typeof updatePayoutDetailsRequest>;

/** POST /api/instructor/payouts/connect: Stripe's hosted onboarding page for the Express account. */
export const connectPayoutAccountResponse = z.object({ url: z.string() });

/** One payout in the answer to POST /api/admin/payouts/run. */
export const payoutRunItem = z.object({
  id: z.uuid(),
  instructorId: z.uuid(),
  /** Dollars transferred (net of the fee, GST included for a GST-registered instructor). */
  amount: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  lessons: z.number().int(),
});

/** POST /api/admin/payouts/run: every payout of the period, whether this run created it or an earlier one. */
export const payoutRunResponse = z.object({
  period: z.object({ start: isoDate, end: isoDate }),
  /** How many of `payouts` this run created (0 on a repeated run). */
  created: z.number().int(),
  /** Instructors with earnings who have no Stripe account yet: they keep accruing. */
  skippedWithoutAccount: z.number().int(),
  /** Instructors with earnings and no valid ABN: not paid until they give one; they keep accruing. */
  skippedWithoutAbn: z.number().int(),
  /** Instructors with earnings and no current RCTI agreement: no RCTI, no payout until they accept it. */
  skippedWithoutAgreement: z.number().int(),
  payouts: z.array(payoutRunItem),
});
export type PayoutRunResponse = z.infer<typeof payoutRunResponse>;

export const adminPayout = z.object({
  id: z.uuid(),
  instructor: z.object({ id: z.uuid(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  periodStart: isoDate,
  periodEnd: isoDate,
  lessons: z.number().int(),
  gross: z.number(),
  fee: z.number(),
  /** Dollars: GST paid on the instructor's share (GST-registered instructors; else 0). */
  gst: z.number(),
  /** Dollars transferred (net + GST). */
  amount: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  providerRef: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof adminPayout>;

export const adminPayoutsQuery = pageQuery.extend({
  status: z
    .preprocess(
      (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
      z.enum(PAYOUT_STATUSES, { error: `status must be one of ${PAYOUT_STATUSES.join(", ")}` }),
    )
    .optional(),
});
export type AdminPayoutsQuery = z.input<typeof adminPayoutsQuery>;

const statusTotal = z.object({ count: z.number().int(), amount: z.number() });

/** GET /api/admin/payouts: FAILED first, then PENDING, then PAID, newest first within each. */
export const adminPayoutsResponse = pageOf(adminPayout).extend({
  summary: z.object({
    /** Created, not yet transferred. */
    pending: statusTotal,
    paid: statusTotal,
    failed: statusTotal,
    /** Earned by instructors and not in any payout yet (the next run's work), in dollars of net. */
    accruing: z.object({ instructors: z.number().int(), lessons: z.number().int(), amount: z.number() }),
  }),
});
export type AdminPayoutsResponse = z.infer<typeof adminPayoutsResponse>;
export const adminPayoutResponse = z.object({ payout: adminPayout });

// ---------------------------------------------------------------------------------------------------
// The RCTI agreement and GST registrations (rules/rcti.ts, words/rcti-agreement.ts)

/** GET /api/instructor/rcti-agreement: the agreement to read, filled in, and where the instructor stands. */
export const rctiAgreementResponse = z.object({
  name: z.string(),
  version: z.string(),
  clauses: z.array(z.string()),
  /** Accepted, current and not re-asked: RCTIs (and payouts) can be issued. */
  current: z.boolean(),
  /** The latest acceptance on record, whether or not it is still current. */
  lastAccepted: z
    .object({ version: z.string(), acceptedAt: z.string(), reaskedAt: z.string().nullable() })
    .nullable(),
});
export type RctiAgreementResponse = z.infer<typeof rctiAgreementResponse>;

/** POST /api/instructor/rcti-agreement/accept: the version read, so a newer one is never accepted unseen. */
export const acceptRctiAgreementRequest = z.strictObject({ version: z.string().min(1).max(40) });
export type AcceptRctiAgreementRequest = z.infer<typeof acceptRctiAgreementRequest>;

/** One GST registration as the admin checks it against the ABN Lookup. */
export const adminGstRegistration = z.object({
  id: z.uuid(),
  instructor: z.object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    abn: z.string().nullable(),
  }),
  effectiveFrom: isoDate,
  effectiveTo: isoDate.nullable(),
  /** Null while unchecked; `by` is the checking admin's user id. */
  check: z.object({ by: z.string(), at: z.string(), note: z.string() }).nullable(),
});
export type AdminGstRegistration = z.infer<typeof adminGstRegistration>;

/** GET /api/admin/payouts/readiness: what to look at before a payout run. */
export const payoutReadinessResponse = z.object({
  /** GST registrations nobody has checked against the ABN Lookup yet. */
  uncheckedGstRegistrations: z.array(adminGstRegistration),
  /** Instructors with earnings waiting for them to accept the current RCTI agreement. */
  waitingForAgreement: z.array(z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() })),
});
export type PayoutReadinessResponse = z.infer<typeof payoutReadinessResponse>;

/** POST /api/admin/gst-registrations/:id/check: what the ABN Lookup showed. */
export const checkGstRegistrationRequest = z.strictObject({
  note: z.string().trim().min(1, "Say what the ABN Lookup showed").max(500),
});
export type CheckGstRegistrationRequest = z.infer<typeof checkGstRegistrationRequest>;
