import { z } from "zod";
import { BOOKING_STATUSES, TEST_PACK_CLAIM_STATUSES, TEST_PACK_OUTCOMES } from "../constants.ts";
import { isoDateTime, pageOf, pageQuery, safeText } from "./common.ts";
import { testCentreSummary } from "./test-packages.ts";

// After the test day of a driving-test package (issue 33): the instructor's outcome, the learner's packs
// in their progress, and the pass promise's claims (rules/test-pack-outcomes.ts).

export const TEST_OUTCOME_NOTE_MAX_LENGTH = 500;
export const NOT_TAKEN_NEEDS_NOTE = "Say why the test was not taken";

const OUTCOME_MESSAGE = `outcome must be one of ${TEST_PACK_OUTCOMES.join(", ")}`;

/** POST /api/instructor/lessons/:id/test-outcome. */
export const recordTestOutcomeRequest = z
  .object({
    outcome: z.enum(TEST_PACK_OUTCOMES, { error: OUTCOME_MESSAGE }),
    /** Why the test was not taken (required then), or a note on the result. Blank is no note. */
    note: safeText({ error: "note must be text" })
      .trim()
      .max(TEST_OUTCOME_NOTE_MAX_LENGTH, `Keep the note to ${TEST_OUTCOME_NOTE_MAX_LENGTH} characters`)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.outcome === "NOT_TAKEN" && !body.note) {
      ctx.addIssue({ code: "custom", path: ["note"], message: NOT_TAKEN_NEEDS_NOTE });
    }
  });
export type RecordTestOutcomeRequest = z.input<typeof recordTestOutcomeRequest>;

/** A pack as its learner and instructor read it after the test day. */
export const testPackSummary = z.object({
  /** The pack's lesson record. */
  bookingId: z.uuid(),
  centre: testCentreSummary,
  /** The test time the learner booked with Service NSW. */
  testAt: isoDateTime,
  includesWarmUp: z.boolean(),
  /** The lesson record's status: the whole block, pick-up to drop-off. */
  status: z.enum(BOOKING_STATUSES),
  /** null until the instructor records it. */
  outcome: z.enum(TEST_PACK_OUTCOMES).nullable(),
  /** Why the test was not taken, or the instructor's note on the result. */
  note: z.string().nullable(),
  outcomeRecordedAt: isoDateTime.nullable(),
});
export type TestPackSummary = z.infer<typeof testPackSummary>;

export const recordTestOutcomeResponse = z.object({ testPack: testPackSummary });
export type RecordTestOutcomeResponse = z.infer<typeof recordTestOutcomeResponse>;

// ---------------------------------------------------------------------------------------------------
// The pass promise

/** POST /api/student/test-pack-claims: the learner's failed pack. */
export const passPromiseClaimRequest = z.object({
  bookingId: z.uuid({ error: "bookingId must be the id of your failed test pack" }),
});
export type PassPromiseClaimRequest = z.input<typeof passPromiseClaimRequest>;

/** The pack-credit an approved claim issued. */
const passPromiseCredit = z.object({
  id: z.uuid(),
  expiresAt: isoDateTime,
  /** The pack it paid for, once spent. */
  usedByBookingId: z.uuid().nullable(),
});

export const passPromiseClaim = z.object({
  id: z.uuid(),
  status: z.enum(TEST_PACK_CLAIM_STATUSES),
  createdAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
  /** The admin's reason when declined. */
  decisionNote: z.string().nullable(),
  /** The failed pack the claim names, with its recorded outcome. */
  testPack: testPackSummary,
  /** Issued on approval; null otherwise. */
  credit: passPromiseCredit.nullable(),
});
export type PassPromiseClaim = z.infer<typeof passPromiseClaim>;

export const passPromiseClaimResponse = z.object({ claim: passPromiseClaim });
export type PassPromiseClaimResponse = z.infer<typeof passPromiseClaimResponse>;

/** GET /api/student/test-pack-claims: the learner's claims (one at most: the promise is once per learner). */
export const studentPassPromiseClaimsResponse = z.object({ claims: z.array(passPromiseClaim) });
export type StudentPassPromiseClaimsResponse = z.infer<typeof studentPassPromiseClaimsResponse>;

export const adminPassPromiseClaimsQuery = pageQuery.extend({
  status: z
    .preprocess(
      (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
      z.enum(TEST_PACK_CLAIM_STATUSES, {
        error: `status must be one of ${TEST_PACK_CLAIM_STATUSES.join(", ")}`,
      }),
    )
    .optional(),
});
export type AdminPassPromiseClaimsQuery = z.input<typeof adminPassPromiseClaimsQuery>;

const person = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });

/** A claim as the admin decides it: who, the recorded outcome, and the lessons the promise counts. */
export const adminPassPromiseClaim = passPromiseClaim.extend({
  student: person.extend({ email: z.string() }),
  instructor: person,
  /** The learner's completed lessons on Kerb now, test packs not counted. */
  completedLessons: z.number().int(),
  decidedBy: person.nullable(),
});
export type AdminPassPromiseClaim = z.infer<typeof adminPassPromiseClaim>;

export const adminPassPromiseClaimsResponse = pageOf(adminPassPromiseClaim);
export type AdminPassPromiseClaimsResponse = z.infer<typeof adminPassPromiseClaimsResponse>;

export const adminPassPromiseClaimResponse = z.object({ claim: adminPassPromiseClaim });
export type AdminPassPromiseClaimResponse = z.infer<typeof adminPassPromiseClaimResponse>;

/** POST /api/admin/test-pack-claims/:id/decline: the learner reads the reason. */
export const declinePassPromiseClaimRequest = z.object({
  note: safeText({ error: "Say why the claim is declined" })
    .trim()
    .min(1, "Say why the claim is declined")
    .max(TEST_OUTCOME_NOTE_MAX_LENGTH, `Keep the reason to ${TEST_OUTCOME_NOTE_MAX_LENGTH} characters`),
});
export type DeclinePassPromiseClaimRequest = z.input<typeof declinePassPromiseClaimRequest>;
