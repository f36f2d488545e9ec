/**
 * Parents and guardians (issue 23, decision 032). A learner invites one by email and may remove them at
 * any time, which ends their access at once (every guardian read checks the link is ACTIVE). The invited
 * person accepts with a new GUARDIAN account, or signs in to an existing guardian account first; no
 * other kind of account can become a guardian. A guardian sees a learner's lessons, bundles and payments,
 * buys bundles for them and pays their held checkouts: the learner owns what is bought, the guardian is
 * recorded as its payer (payments.payer_id) and gets its tax invoice.
 */
import type {
  bundlePurchaseRequest,
  GuardianInvitationResponse,
  GuardianLearnerOverview,
  GuardianLink,
  guardianRegistrationRequest,
} from "@kerb/shared";
import { GUARDIAN_INVITATION_DAYS } from "@kerb/shared";
import { paths } from "@kerb/shared/paths";
import { centsToDollars } from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { pgErrorCode } from "../../lib/pg-error-code.ts";
import { hashOpaqueToken, insertGuardianUser, issueSession, newOpaqueToken } from "../auth/index.ts";
import { createBundleService } from "../bundles/bundles.service.ts";
import { createCheckoutService } from "../checkout/checkout.service.ts";
import { ONE_TIME_SECRET_PLACEHOLDER } from "../notifications/outbox.ts";
import { findPayment, setPaymentPayer } from "../payments/index.ts";
import { createReceiptService } from "../receipts/receipts.service.ts";
import { guardianInvitationEmail } from "./guardian-emails.ts";
import * as repo from "./guardians.repository.ts";

const DAY_MS = 86_400_000;
const NOT_FOUND = "Learner not found";
const INVITATION_GONE = "This invitation is no longer valid. Ask the learner to send a new one.";

function toGuardianLink(row: Awaited<ReturnType<typeof repo.listLinksOfLearner>>[number]): GuardianLink {
  const { link, guardian } = row;
  return {
    id: link.id,
    email: link.email,
    status: link.status,
    copyEmails: link.copyEmails,
    guardian: link.status === "ACTIVE" && guardian ? guardian : null,
    invitedAt: link.invitedAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    acceptedAt: link.acceptedAt?.toISOString() ?? null,
  };
}

export function createGuardianService(ctx: AppContext) {
  const webLink = (path: string) => `${publicOrigin(ctx.env)}${path}`;
  const bundles = createBundleService(ctx);
  const checkout = createCheckoutService(ctx);
  const receipts = createReceiptService(ctx);

  /** The learner, if `guardianId` follows them now; 404 otherwise, so nothing reveals who exists. */
  async function learnerOf(guardianId: string, learnerId: string) {
    if (!(await repo.isActiveGuardianOf(ctx.db, guardianId, learnerId))) {
      throw new AppError("not_found", NOT_FOUND);
    }
    const learner = await repo.findLearner(ctx.db, learnerId);
    if (!learner) throw new AppError("not_found", NOT_FOUND);
    return learner;
  }

  /** A live invitation by its token, or 404 (unknown, used, removed or lapsed: all read the same). */
  async function liveInvitation(token: string) {
    const found = await repo.findInvitation(ctx.db, hashOpaqueToken(token));
    if (found?.link.status !== "INVITED" || found.link.expiresAt <= ctx.now()) {
      throw new AppError("not_found", INVITATION_GONE);
    }
    return found;
  }

  async function listFor(learnerId: string) {
    return { guardians: (await repo.listLinksOfLearner(ctx.db, learnerId)).map(toGuardianLink) };
  }

  return {
    // -- The learner's side ------------------------------------------------------------------------

    listFor,

    async invite(learnerId: string, input: { email: string; copyEmails?: boolean | undefined }) {
      const now = ctx.now();
      const learner = await repo.findLearner(ctx.db, learnerId);
      if (!learner) throw new AppError("not_found", NOT_FOUND);
      if (learner.email.toLowerCase() === input.email.toLowerCase()) {
        throw new AppError("validation_error", "Invite someone else: this is your own email", [
          { path: "email", message: "Invite someone else: this is your own email" },
        ]);
      }
      await ctx.transact(async (uow) => {
        const { tx } = uow;
        const token = newOpaqueToken();
        const expiresAt = new Date(now.getTime() + GUARDIAN_INVITATION_DAYS * DAY_MS);
        const existing = await repo.findLiveLink(tx, learnerId, input.email);
        if (existing?.status === "ACTIVE") {
          throw new AppError("conflict", "This person is already your guardian on Kerb");
        }
        // Inviting the same address again sends a fresh link; the old one stops working.
        const link = existing
          ? await repo.updateLink(tx, existing.id, {
              tokenHash: token.hash,
              expiresAt,
              invitedAt: now,
              ...(input.copyEmails === undefined ? {} : { copyEmails: input.copyEmails }),
            })
          : await repo.insertLink(tx, {
              learnerId,
              email: input.email,
              tokenHash: token.hash,
              copyEmails: input.copyEmails ?? false,
              invitedAt: now,
              expiresAt,
            });
        if (!link) throw new AppError("not_found", NOT_FOUND);
        await uow.email({
          ...guardianInvitationEmail({
            email: input.email,
            learner,
            url: webLink(paths.guardian.accept({ token: ONE_TIME_SECRET_PLACEHOLDER })),
          }),
          oneTimeSecret: token.token,
          now,
        });
        await uow.audit({
          actorId: learnerId,
          action: existing ? "guardian.reinvite" : "guardian.invite",
          targetType: "guardian_link",
          targetId: link.id,
          details: { email: input.email, copyEmails: link.copyEmails },
          createdAt: now,
        });
      });
      return listFor(learnerId);
    },

    async update(learnerId: string, linkId: string, patch: { copyEmails: boolean }) {
      await ctx.transact(async ({ tx }) => {
        const link = await repo.lockLearnersLink(tx, learnerId, linkId);
        if (!link) throw new AppError("not_found", "Guardian not found");
        await repo.updateLink(tx, link.id, { copyEmails: patch.copyEmails });
      });
      return listFor(learnerId);
    },

    /** Removes a guardian or withdraws an invitation: their access ends with this transaction. */
    async remove(learnerId: string, linkId: string) {
      const now = ctx.now();
      await ctx.transact(async (uow) => {
        const link = await repo.lockLearnersLink(uow.tx, learnerId, linkId);
        if (!link) throw new AppError("not_found", "Guardian not found");
        await repo.updateLink(uow.tx, link.id, { status: "REMOVED", removedAt: now, tokenHash: null });
        await uow.audit({
          actorId: learnerId,
          action: "guardian.remove",
          targetType: "guardian_link",
          targetId: link.id,
          details: { email: link.email, before: { status: link.status }, after: { status: "REMOVED" } },
          createdAt: now,
        });
      });
      return listFor(learnerId);
    },

    // -- The invitation ------------------------------------------------------------------------------

    async invitation(token: string): Promise<GuardianInvitationResponse> {
      const { link, learner, account } = await liveInvitation(token);
      // A learner's, instructor's or admin's address cannot also be a guardian account.
      if (account?.id && account.role !== "GUARDIAN") {
        throw new AppError(
          "conflict",
          `This email already has a Kerb account that is not a guardian account. Ask ${learner.firstName} to invite another address.`,
        );
      }
      return {
        learner: { firstName: learner.firstName },
        email: link.email,
        accountExists: account !== null && account.id !== null,
        expiresAt: link.expiresAt.toISOString(),
      };
    },

    /** A new GUARDIAN account for the invited address, signed in, following the learner. */
    async acceptWithNewAccount(input: z.output<typeof guardianRegistrationRequest>) {
      const { link, account } = await liveInvitation(input.token);
      if (account?.id) {
        throw new AppError("email_taken", "An account with this email already exists. Sign in to accept.");
      }
      const now = ctx.now();
      const passwordHash = await hashPassword(input.password);
      try {
        return await ctx.transact(async (uow) => {
          const { tx } = uow;
          const user = await insertGuardianUser(tx, {
            email: link.email,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            createdAt: now,
          });
          await activate(uow, link.id, user.id, now);
          const session = await issueSession(ctx, tx, user, now);
          return {
            user: {
              id: user.id,
              email: user.email,
              role: user.role,
              firstName: user.firstName,
              lastName: user.lastName,
              phone: null,
            },
            ...session,
          };
        });
      } catch (error) {
        if (pgErrorCode(error) === "23505") {
          throw new AppError("email_taken", "An account with this email already exists. Sign in to accept.");
        }
        throw error;
      }
    },

    /** The signed-in guardian follows one more learner; the invitation must be to their own email. */
    async acceptSignedIn(guardianId: string, token: string) {
      const { link, account } = await liveInvitation(token);
      if (account?.id !== guardianId) {
        throw new AppError("forbidden", "This invitation was sent to another email address");
      }
      await ctx.transact((uow) => activate(uow, link.id, guardianId, ctx.now()));
      return { learners: await repo.listLearnersOf(ctx.db, guardianId) };
    },

    // -- The guardian's side ---------------------------------------------------------------------

    async learners(guardianId: string) {
      return { learners: await repo.listLearnersOf(ctx.db, guardianId) };
    },

    async overview(guardianId: string, learnerId: string): Promise<GuardianLearnerOverview> {
      const learner = await learnerOf(guardianId, learnerId);
      const now = ctx.now();
      const [lessons, liveBundles, payments, instructors] = await Promise.all([
        repo.listUpcomingLessons(ctx.db, learnerId, now),
        repo.listLiveBundles(ctx.db, learnerId, now),
        repo.listPayments(ctx.db, learnerId),
        repo.listInstructorsOfLearner(ctx.db, learnerId),
      ]);
      return {
        learner: { id: learner.id, firstName: learner.firstName, lastName: learner.lastName },
        upcomingLessons: lessons.map((l) => ({
          ...l,
          startTime: l.startTime.toISOString(),
          endTime: l.endTime.toISOString(),
        })),
        bundles: liveBundles.map((b) => ({
          id: b.id,
          totalLessons: b.totalLessons,
          usedLessons: b.usedLessons,
          pricePerLesson: centsToDollars(b.pricePerLessonCents),
          expiresAt: b.expiresAt.toISOString(),
          instructor: b.instructor?.id ? b.instructor : null,
          suburb: b.suburb,
        })),
        payments: payments.map((p) => ({
          id: p.id,
          type: p.type,
          status: p.status,
          invoiceNumber: p.invoiceNumber,
          amount: centsToDollars(p.amountCents),
          createdAt: p.createdAt.toISOString(),
          paidByYou: p.payerId === guardianId,
          holdExpiresAt:
            p.status === "PENDING" && p.expiresAt && p.expiresAt > now ? p.expiresAt.toISOString() : null,
        })),
        instructors,
        suburb: learner.suburb,
      };
    },

    /** A bundle for the learner, paid by the guardian: the learner's credits, the guardian's invoice. */
    async buyBundle(guardianId: string, learnerId: string, request: z.output<typeof bundlePurchaseRequest>) {
      await learnerOf(guardianId, learnerId);
      const email = await repo.findUserEmail(ctx.db, guardianId);
      if (!email) throw new AppError("unauthorized", "Please sign in again");
      return bundles.purchase(learnerId, request, { payerId: guardianId, email });
    },

    /** The guardian pays a checkout the learner started (lessons held for them): a fresh card session. */
    async payCheckout(guardianId: string, learnerId: string, paymentId: string) {
      const learner = await learnerOf(guardianId, learnerId);
      const payment = await repo.findLearnerPayment(ctx.db, learnerId, paymentId);
      if (!payment) throw new AppError("payment_not_found", "Payment not found");
      if (payment.status !== "PENDING" || !payment.expiresAt || payment.expiresAt <= ctx.now()) {
        throw new AppError("invalid_state", "This checkout is no longer waiting for payment", {
          status: payment.status,
        });
      }
      if (!(await setPaymentPayer(ctx.db, payment.id, guardianId))) {
        throw new AppError("invalid_state", "This checkout is no longer waiting for payment");
      }
      // The card provider's receipt goes to whoever pays.
      const payer = await repo.findUserEmail(ctx.db, guardianId);
      return checkout.start(
        { ...payment, payerId: guardianId },
        { email: payer ?? learner.email },
        `Kerb driving lessons for ${learner.firstName} ${learner.lastName}`,
      );
    },

    /** "I have paid" for a payment this guardian is the payer of (checked with the provider, as always). */
    async confirm(guardianId: string, paymentId: string) {
      const payment = await findPayment(ctx.db, paymentId);
      if (!payment || payment.payerId !== guardianId) {
        throw new AppError("payment_not_found", "Payment not found");
      }
      await learnerOf(guardianId, payment.userId);
      return checkout.confirm(payment.id, payment.userId, payment.type);
    },

    /** The tax invoice of a payment of the learner's that this guardian paid. */
    async invoicePdf(guardianId: string, learnerId: string, paymentId: string) {
      await learnerOf(guardianId, learnerId);
      const payment = await repo.findLearnerPayment(ctx.db, learnerId, paymentId);
      if (!payment) throw new AppError("payment_not_found", "Payment not found");
      return receipts.invoicePdf(guardianId, payment.id, "PAYER");
    },

    /** Access check for the learner's other pages (progress, logbook): the learner, or 404. */
    learnerOf,
  };

  async function activate(
    uow: Parameters<Parameters<AppContext["transact"]>[0]>[0],
    linkId: string,
    guardianId: string,
    now: Date,
  ) {
    const link = await repo.updateLink(uow.tx, linkId, {
      status: "ACTIVE",
      guardianId,
      acceptedAt: now,
      tokenHash: null,
    });
    await uow.audit({
      actorId: guardianId,
      action: "guardian.accept",
      targetType: "guardian_link",
      targetId: linkId,
      details: { learnerId: link?.learnerId, email: link?.email },
      createdAt: now,
    });
  }
}

export type GuardianService = ReturnType<typeof createGuardianService>;
