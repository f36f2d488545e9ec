/**
 * GET /guardian/learners/:learnerId: what a guardian sees of a learner they follow (upcoming lessons,
 * bundles with credits left, test-pack credits, payments with the checkouts still waiting, their
 * instructors). A screen's read model over several owners; it owns no table.
 */
import type { GuardianLearnerOverview } from "@kerb/shared";
import { centsToDollars, fullName } from "@kerb/shared/rules";
import { listBundleInstructorsOfLearner, listLiveBundlesOfLearner } from "../bundles/index.ts";
import { findFollowedLearner } from "../guardians/index.ts";
import { listLessonInstructorsOfLearner, listUpcomingLessonsOfLearner } from "../lessons/index.ts";
import { listPaymentsOfLearner } from "../payments/index.ts";
import { listTestPackCredits } from "../test-packages/index.ts";
import type { PortalContext } from "./portal-context.ts";

export async function getGuardianOverview(
  ctx: PortalContext,
  guardianId: string,
  learnerId: string,
): Promise<GuardianLearnerOverview> {
  const learner = await findFollowedLearner(ctx.db, guardianId, learnerId);
  const now = ctx.now();
  const [lessons, liveBundles, payments, lessonInstructors, bundleInstructors, packCredits] =
    await Promise.all([
      listUpcomingLessonsOfLearner(ctx.db, learnerId, now),
      listLiveBundlesOfLearner(ctx.db, learnerId, now),
      listPaymentsOfLearner(ctx.db, learnerId),
      listLessonInstructorsOfLearner(ctx.db, learnerId),
      listBundleInstructorsOfLearner(ctx.db, learnerId),
      listTestPackCredits(ctx, learnerId),
    ]);
  const usableCredits = packCredits.credits.filter((c) => c.usedAt === null && new Date(c.expiresAt) > now);
  // Instructors the learner has had lessons or bundles with, each once, by name.
  const instructors = [
    ...new Map([...lessonInstructors, ...bundleInstructors].map((r) => [r.id, r])).values(),
  ].sort((a, b) => fullName(a).localeCompare(fullName(b)));
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
    testPackCredits: {
      usable: packCredits.usable,
      soonestExpiry: usableCredits.map((c) => c.expiresAt).sort()[0] ?? null,
    },
  };
}
