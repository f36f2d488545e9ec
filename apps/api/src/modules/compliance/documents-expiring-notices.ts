/**
 * "Your licence (or Working-With-Children check) expires in N days", found by the notification scan.
 * Keyed per document and expiry date, so each is told once and a renewed document that later nears
 * expiry again is told again.
 */
import {
  addDaysToDate,
  DOCUMENT_EXPIRY_NOTICE_DAYS,
  daysUntil,
  isDocumentExpiringSoon,
  sydneyTodayDate,
} from "@kerb/shared/rules";
import { and, eq, gt, lte, or } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { instructorProfiles, users } from "../../db/schema/index.ts";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import { recipient } from "../notifications/index.ts";
import { type ComplianceDocument, documentExpiring } from "./documents-expiring-email.ts";

/** Instructors with a licence or Working-With-Children check lapsing after `today`, by `until`. */
function listInstructorsWithDocumentsExpiring(db: Executor, window: { today: string; until: string }) {
  const lapsing = (
    column: typeof instructorProfiles.licenseExpiresOn | typeof instructorProfiles.wwcExpiresOn,
  ) => and(gt(column, window.today), lte(column, window.until));
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      licenseExpiresOn: instructorProfiles.licenseExpiresOn,
      wwcExpiresOn: instructorProfiles.wwcExpiresOn,
    })
    .from(instructorProfiles)
    .innerJoin(users, eq(users.id, instructorProfiles.userId))
    .where(or(lapsing(instructorProfiles.licenseExpiresOn), lapsing(instructorProfiles.wwcExpiresOn)));
}

export async function enqueueDocumentsExpiring(uow: UnitOfWork, now: Date, appUrl: string): Promise<number> {
  let enqueued = 0;
  const today = sydneyTodayDate(now);
  const until = addDaysToDate(today, DOCUMENT_EXPIRY_NOTICE_DAYS);
  for (const row of await listInstructorsWithDocumentsExpiring(uow.tx, { today, until })) {
    const documents: Array<[ComplianceDocument, string | null]> = [
      ["LICENCE", row.licenseExpiresOn],
      ["WWC", row.wwcExpiresOn],
    ];
    for (const [document, expiresOn] of documents) {
      if (!expiresOn || !isDocumentExpiringSoon(expiresOn, today)) continue;
      const [id] = await uow.email({
        kind: "documents_expiring",
        to: recipient(row),
        ...documentExpiring({
          instructor: row,
          document,
          expiresOn,
          daysLeft: daysUntil(expiresOn, today),
          appUrl,
        }),
        // Per expiry date: a renewed document that later nears expiry again gets a new notice.
        dedupeKey: `documents-expiring:${row.id}:${document.toLowerCase()}:${expiresOn}`,
        now,
      });
      if (id) enqueued += 1;
    }
  }
  return enqueued;
}
