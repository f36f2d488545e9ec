import type { ComplianceFollowUpLesson, ComplianceFollowUpPage } from "@kerb/shared";
import { centsToDollars, instructorCompliance, sydneyTodayDate } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { type PageQuery, pageOf, pageWindow } from "../../lib/paging.ts";
import * as repo from "./compliance.repository.ts";

const paidWithOf = (row: { paymentId: string | null; bundleId: string | null }) =>
  row.bundleId ? ("BUNDLE" as const) : row.paymentId ? ("CARD" as const) : null;

function toFollowUpLesson(row: repo.FollowUpRow, today: string): ComplianceFollowUpLesson {
  const { reasons } = instructorCompliance(row, today);
  return {
    id: row.id,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    suburb: row.suburb,
    price: centsToDollars(row.priceCents),
    paidWith: paidWithOf(row),
    paymentId: row.paymentId,
    bundleId: row.bundleId,
    student: row.student,
    instructor: {
      ...row.instructor,
      verificationStatus: row.verificationStatus,
      licenseExpiresOn: row.licenseExpiresOn,
      wwcExpiresOn: row.wwcExpiresOn,
    },
    reasons,
    studentNotifiedAt: row.studentNotifiedAt?.toISOString() ?? null,
  };
}

/**
 * GET /admin/compliance/follow-up: lessons still to come with an instructor who may not teach them, for an
 * admin to follow up.
 */
export async function listComplianceFollowUp(
  ctx: AppContext,
  query: PageQuery,
): Promise<ComplianceFollowUpPage> {
  const now = ctx.now();
  const today = sydneyTodayDate(now);
  const { rows, total } = await repo.listFollowUpLessons(ctx.db, { today, now }, pageWindow(query));
  return pageOf(
    rows.map((r) => toFollowUpLesson(r, today)),
    total,
    query,
  );
}
