import { z } from "zod";
import { BOOKING_STATUSES, GUARDIAN_LINK_STATUSES, PAYMENT_STATUSES, PAYMENT_TYPES } from "../constants.ts";
import { email } from "./auth.ts";

// A learner's parents or guardians (issue 23): the learner invites them by email and may remove them at
// any time; a guardian follows one or more learners and may pay for them. Money in dollars.

/** POST /api/student/guardians. */
export const inviteGuardianRequest = z.object({
  email,
  /** Copy the learner's booking and cancellation emails to this guardian. */
  copyEmails: z.boolean().optional(),
});
export type InviteGuardianRequest = z.input<typeof inviteGuardianRequest>;

/** PATCH /api/student/guardians/:id. */
export const updateGuardianRequest = z.strictObject({ copyEmails: z.boolean() });
export type UpdateGuardianRequest = z.input<typeof updateGuardianRequest>;

/** One invitation or guardian, as the learner sees it. */
export const guardianLink = z.object({
  id: z.uuid(),
  email: z.string(),
  status: z.enum(GUARDIAN_LINK_STATUSES),
  copyEmails: z.boolean(),
  /** The guardian's name once they accepted. */
  guardian: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  invitedAt: z.string(),
  /** When an INVITED link's invitation lapses. */
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type GuardianLink = z.infer<typeof guardianLink>;

/** GET /api/student/guardians: live invitations and guardians (removed ones are gone). */
export const guardianLinksResponse = z.object({ guardians: z.array(guardianLink) });
export type GuardianLinksResponse = z.infer<typeof guardianLinksResponse>;

/** GET /api/guardian/invitations/:token (no session): what the invitation page shows. */
export const guardianInvitationResponse = z.object({
  learner: z.object({ firstName: z.string() }),
  email: z.string(),
  /** An account with this email exists: the guardian signs in to accept instead of creating one. */
  accountExists: z.boolean(),
  expiresAt: z.string(),
});
export type GuardianInvitationResponse = z.infer<typeof guardianInvitationResponse>;

/** POST /api/guardian/invitations/accept with a GUARDIAN session: another learner to follow. */
export const acceptGuardianInvitationRequest = z.object({ token: z.string().min(20).max(200) });
export type AcceptGuardianInvitationRequest = z.input<typeof acceptGuardianInvitationRequest>;

export const guardianLearner = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });
export type GuardianLearner = z.infer<typeof guardianLearner>;

/** GET /api/guardian/learners: the learners this guardian follows. */
export const guardianLearnersResponse = z.object({ learners: z.array(guardianLearner) });
export type GuardianLearnersResponse = z.infer<typeof guardianLearnersResponse>;

export const learnerParams = z.object({ learnerId: z.uuid({ error: "learnerId is not a valid reference" }) });
export const learnerPaymentParams = learnerParams.extend({
  paymentId: z.uuid({ error: "paymentId is not a valid reference" }),
});

/**
 * A guardian paying a learner's held checkout: with `savedCardId`, one of the guardian's own saved
 * cards, off-session (decision 041); without a body, a fresh card session as before.
 */
export const payLearnerCheckoutRequest = z.object({ savedCardId: z.uuid().optional() }).nullish();
export type PayLearnerCheckoutRequest = z.input<typeof payLearnerCheckoutRequest>;

/** GET /api/guardian/learners/:learnerId: what a guardian sees of one learner. */
export const guardianLearnerOverview = z.object({
  learner: guardianLearner,
  /** SCHEDULED and held (PENDING_PAYMENT) lessons still to come, soonest first. */
  upcomingLessons: z.array(
    z.object({
      id: z.uuid(),
      startTime: z.string(),
      endTime: z.string(),
      suburb: z.string(),
      status: z.enum(BOOKING_STATUSES),
      instructor: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
    }),
  ),
  /** Bundles with credits left and not expired. */
  bundles: z.array(
    z.object({
      id: z.uuid(),
      totalLessons: z.number().int(),
      usedLessons: z.number().int(),
      pricePerLesson: z.number(),
      expiresAt: z.string(),
      instructor: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }).nullable(),
      suburb: z.string().nullable(),
    }),
  ),
  /** The learner's payments, newest first; `paidByYou` when this guardian paid (and may download its invoice). */
  payments: z.array(
    z.object({
      id: z.uuid(),
      type: z.enum(PAYMENT_TYPES),
      status: z.enum(PAYMENT_STATUSES),
      invoiceNumber: z.string(),
      amount: z.number(),
      createdAt: z.string(),
      paidByYou: z.boolean(),
      /** A PENDING checkout holding lessons: until when the guardian can still pay it. */
      holdExpiresAt: z.string().nullable(),
    }),
  ),
  /** The instructors the learner has had lessons or bundles with: who a guardian may buy a bundle for. */
  instructors: z.array(z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() })),
  /** The learner's suburb (where a bundle's credits are spent by default). */
  suburb: z.string().nullable(),
  /** Driving-test package credits the learner can spend now, and when the soonest of them lapses. */
  testPackCredits: z.object({ usable: z.number().int(), soonestExpiry: z.string().nullable() }),
});
export type GuardianLearnerOverview = z.infer<typeof guardianLearnerOverview>;
