import { instructorCompliance, sydneyTodayDate } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import * as repo from "./compliance.repository.ts";
import { notifyInstructorDelisted, shouldTellStudents } from "./instructor-notices.ts";
import { syncTeachingStops } from "./teaching-stops.ts";
import { notifyStudentsOfUnavailability } from "./unavailable-notices.ts";

interface ComplianceScanResult {
  instructorsScanned: number;
  instructorsNotified: number;
  studentsNotified: number;
}

/**
 * One tick of the compliance scan (also callable from tests): every instructor who is not listable
 * today and still has lessons ahead, or whose document lapsed while verified. Safe to run as often and
 * on as many processes as you like: the outbox's dedupe keys make each email, and the audit entry
 * written with the instructor's email, happen once per expiry.
 */
export async function runComplianceScan(ctx: Pick<AppContext, "db" | "now" | "env" | "transact">) {
  const now = ctx.now();
  const today = sydneyTodayDate(now);
  const result: ComplianceScanResult = { instructorsScanned: 0, instructorsNotified: 0, studentsNotified: 0 };
  const candidates = await repo.listInstructorsToScan(ctx.db, today, now);
  for (const { id } of candidates) {
    result.instructorsScanned += 1;
    await ctx.transact(async (uow) => {
      const { tx } = uow;
      const contact = await repo.findInstructorContact(tx, id);
      if (!contact) return;
      // A lapsed document is noticed here: lessons taught from its lapse on are held (teaching-stops.ts).
      await syncTeachingStops(tx, id, now);
      const compliance = instructorCompliance(contact, today);
      if (compliance.isListed) return; // renewed since the candidates were read
      const lapsed =
        contact.verificationStatus === "VERIFIED" && (compliance.licenseExpired || compliance.wwcExpired);
      if (lapsed) {
        // One email and one audit entry per lapse: a renewed document that lapses again is a new key.
        const expired = [
          compliance.licenseExpired ? `licence:${contact.licenseExpiresOn}` : null,
          compliance.wwcExpired ? `wwc:${contact.wwcExpiresOn}` : null,
        ].filter(Boolean);
        const outcome = await notifyInstructorDelisted(uow, {
          instructorId: id,
          now,
          appUrl: publicOrigin(ctx.env),
          wasListed: true,
          instructorDedupeKey: `instructor_delisted:${id}:${expired.join(",")}`,
        });
        result.studentsNotified += outcome.studentsNotified;
        if (outcome.instructorEmailId) {
          result.instructorsNotified += 1;
          await uow.audit({
            actorId: null,
            action: "instructor.documents_expired",
            targetType: "instructor",
            targetId: id,
            details: {
              before: { isListed: true },
              after: { isListed: false, reasons: compliance.reasons },
              licenseExpiresOn: contact.licenseExpiresOn,
              wwcExpiresOn: contact.wwcExpiresOn,
              lessonsAffected: outcome.lessonsAffected,
            },
            createdAt: now,
          });
        }
        return;
      }
      if (!shouldTellStudents(compliance.reasons)) return;
      // Delisted some other way (an admin, or a licence change sending them back to verification): the
      // students of lessons booked since, or missed before, still hear once per lesson.
      const lessons = await repo.listFutureLessonsWithStudents(tx, id, now);
      result.studentsNotified += await notifyStudentsOfUnavailability(uow, contact, lessons, {
        now,
        appUrl: publicOrigin(ctx.env),
      });
    });
  }
  return result;
}
