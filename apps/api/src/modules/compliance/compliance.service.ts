/**
 * Compliance that holds: an admin verifies or rejects instructors and records their document dates;
 * what happens when an instructor is verified or stops being listable (delisted by an admin, a document
 * expired), the admin follow-up list of lessons they may not teach, and the scan that notices expiries
 * on its own. Every notice goes through the outbox in the transaction of the
 * change: one email per student listing their lessons, each lesson told once however often it runs.
 */
import type { AdminInstructor, ComplianceFollowUpLesson, ComplianceFollowUpPage } from "@kerb/shared";
import {
  addDaysToDate,
  centsToDollars,
  DOCUMENT_EXPIRY_WARNING_DAYS,
  instructorCompliance,
  isExpiringSoon,
  isListableInstructor,
  sydneyTodayDate,
  type UnlistedReason,
  verificationDateProblems,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { publicOrigin } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import { type PageQuery, pageOf, pageWindow } from "../../lib/paging.ts";
import type { UnitOfWork } from "../../unit-of-work.ts";
import { updateInstructorCompliance } from "../instructors/index.ts";
import * as repo from "./compliance.repository.ts";
import {
  COMPLIANCE_EMAIL_KINDS,
  instructorDelistedEmail,
  instructorVerifiedEmail,
} from "./compliance-emails.ts";
import { syncTeachingStops } from "./teaching-stops.ts";
import { notifyStudentsOfUnavailability } from "./unavailable-notices.ts";

const paidWithOf = (row: { paymentId: string | null; bundleId: string | null }) =>
  row.bundleId ? ("BUNDLE" as const) : row.paymentId ? ("CARD" as const) : null;

/**
 * Students are told when their instructor is delisted or a document lapsed; not when the only gap is a
 * date an admin never recorded (an instructor listed before dates were required): that is ours to fix,
 * from the flagged list, before it worries anyone.
 */
export function shouldTellStudents(reasons: UnlistedReason[]): boolean {
  return reasons.some((r) => r !== "DOCUMENTS_MISSING");
}

/** In the caller's transaction: the "you're verified" email. */
export async function notifyInstructorVerified(
  uow: UnitOfWork,
  input: { instructorId: string; now: Date; appUrl?: string },
) {
  const contact = await repo.findInstructorContact(uow.tx, input.instructorId);
  if (!contact) return;
  await uow.email({
    kind: COMPLIANCE_EMAIL_KINDS.verified,
    to: { email: contact.email, name: `${contact.firstName} ${contact.lastName}` },
    ...instructorVerifiedEmail({ instructor: contact, documents: contact, appUrl: input.appUrl }),
    now: input.now,
  });
}

export interface DelistInput {
  instructorId: string;
  now: Date;
  appUrl?: string;
  /** Was the instructor listed just before this change (decides the email's wording)? */
  wasListed: boolean;
  /** The admin's reason, when an admin delisted them. */
  note?: string | null;
  /** Leave out to always email the instructor (an admin action); the scan passes one to email once. */
  instructorDedupeKey?: string;
}

/**
 * In the caller's transaction, after the instructor stopped being listable: emails the instructor and
 * tells every student with a lesson still to come (one email each, each lesson once). Returns what was
 * enqueued; the instructor email's id is null when its dedupe key had already been used.
 */
export async function notifyInstructorDelisted(uow: UnitOfWork, input: DelistInput) {
  const contact = await repo.findInstructorContact(uow.tx, input.instructorId);
  if (!contact) return { instructorEmailId: null, studentsNotified: 0, lessonsAffected: 0 };
  const { reasons } = instructorCompliance(contact, sydneyTodayDate(input.now));
  const lessons = await repo.listFutureLessonsWithStudents(uow.tx, input.instructorId, input.now);
  const [instructorEmailId = null] = await uow.email({
    kind: COMPLIANCE_EMAIL_KINDS.delisted,
    to: { email: contact.email, name: `${contact.firstName} ${contact.lastName}` },
    ...instructorDelistedEmail({
      instructor: contact,
      reasons,
      note: input.note,
      documents: contact,
      wasListed: input.wasListed,
      lessonsAffected: lessons.length,
      appUrl: input.appUrl,
    }),
    ...(input.instructorDedupeKey ? { dedupeKey: input.instructorDedupeKey } : {}),
    now: input.now,
  });
  const studentsNotified = shouldTellStudents(reasons)
    ? await notifyStudents(uow, contact, lessons, input)
    : 0;
  return { instructorEmailId, studentsNotified, lessonsAffected: lessons.length };
}

/**
 * In the caller's transaction, when the instructor may not teach for now (their licence or WWC number
 * changed and awaits verification): every student with a lesson still to come is told, one email each,
 * each lesson once (the scan's keys, so the scan does not tell them again). Returns how many were emailed.
 */
export async function notifyStudentsInstructorUnavailable(
  uow: UnitOfWork,
  input: { instructorId: string; now: Date; appUrl?: string },
) {
  const contact = await repo.findInstructorContact(uow.tx, input.instructorId);
  if (!contact) return 0;
  const lessons = await repo.listFutureLessonsWithStudents(uow.tx, input.instructorId, input.now);
  return notifyStudents(uow, contact, lessons, input);
}

// One email per student, listing every lesson of theirs not told of yet (unavailable-notices.ts).
const notifyStudents = notifyStudentsOfUnavailability;

export interface ComplianceScanResult {
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
      result.studentsNotified += await notifyStudents(uow, contact, lessons, {
        now,
        appUrl: publicOrigin(ctx.env),
      });
    });
  }
  return result;
}

/**
 * May this instructor no longer teach (not listable today)? A student cancelling such a lesson always
 * gets the full tier (rules/cancellation.ts `instructorUnavailable`).
 */
export async function isInstructorUnavailable(db: Executor, instructorId: string, now: Date) {
  const [listing] = await repo.findInstructorListings(db, [instructorId]);
  return listing !== undefined && !instructorCompliance(listing, sydneyTodayDate(now)).isListed;
}

/** Which of these instructors may not teach today, for the student's "your instructor can't teach" notice. */
export async function unavailableInstructorIds(db: Executor, instructorIds: string[], now: Date) {
  const today = sydneyTodayDate(now);
  const listings = await repo.findInstructorListings(db, [...new Set(instructorIds)]);
  return new Set(listings.filter((l) => !instructorCompliance(l, today).isListed).map((l) => l.id));
}

export function toFollowUpLesson(row: repo.FollowUpRow, today: string): ComplianceFollowUpLesson {
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

type DocumentDates = { licenseExpiresOn?: string | null; wwcExpiresOn?: string | null };

export function createComplianceService(ctx: AppContext) {
  function toAdminInstructor(row: repo.AdminInstructorRow): AdminInstructor {
    // The shared listing rule, the same one the student listing's SQL follows.
    const today = sydneyTodayDate(ctx.now());
    const compliance = {
      ...instructorCompliance(row, today),
      expiringSoon: isExpiringSoon(row.licenseExpiresOn, today) || isExpiringSoon(row.wwcExpiresOn, today),
    };
    return {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
      licenseNumber: row.licenseNumber,
      wwcNumber: row.wwcNumber,
      suspended: row.suspended,
      vehicleType: row.vehicleType,
      suburbs: row.suburbs,
      standardRate: centsToDollars(row.standardRateCents),
      verificationStatus: row.verificationStatus,
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      licenseExpiresOn: row.licenseExpiresOn,
      wwcExpiresOn: row.wwcExpiresOn,
      createdAt: row.createdAt.toISOString(),
      compliance,
    };
  }

  /**
   * Changes one instructor's verification or document dates and records it in the audit log, in one
   * transaction. The previous values go into the entry so the log alone tells what changed.
   */
  async function changeInstructor(
    adminId: string,
    instructorId: string,
    action: string,
    change: {
      patch: Parameters<typeof updateInstructorCompliance>[2];
      details?: Record<string, unknown>;
      /** Refuses the change given the values on record (checked with the row locked). */
      refuse?: (current: { wwcNumber: string | null }) => AppError | null;
    },
    /** Side effects of the change (its emails), in the same transaction. */
    afterChange?: (
      uow: UnitOfWork,
      change: { wasListed: boolean; isListed: boolean; now: Date },
    ) => Promise<unknown>,
  ): Promise<{ instructor: AdminInstructor }> {
    const now = ctx.now();
    const today = sydneyTodayDate(now);
    const { patch, details } = change;
    await ctx.transact(async (uow) => {
      const { tx } = uow;
      const current = await repo.lockInstructorCompliance(tx, instructorId);
      if (!current) throw new AppError("not_found", "Instructor not found");
      const refusal = change.refuse?.(current);
      if (refusal) throw refusal;
      await updateInstructorCompliance(tx, instructorId, patch);
      await syncTeachingStops(tx, instructorId, now);
      const next = { ...current, ...patch };
      const recorded = (r: typeof next) => ({
        verificationStatus: r.verificationStatus,
        licenseExpiresOn: r.licenseExpiresOn,
        wwcExpiresOn: r.wwcExpiresOn,
        wwcNumber: r.wwcNumber,
      });
      await uow.audit({
        actorId: adminId,
        action,
        targetType: "instructor",
        targetId: instructorId,
        details: { before: recorded(current), after: recorded(next), ...details },
        createdAt: now,
      });
      await afterChange?.(uow, {
        wasListed: isListableInstructor(current, today),
        isListed: isListableInstructor(next, today),
        now,
      });
    });
    const row = await repo.findAdminInstructor(ctx.db, instructorId);
    if (!row) throw new AppError("not_found", "Instructor not found");
    return { instructor: toAdminInstructor(row) };
  }

  return {
    async listFollowUp(query: PageQuery): Promise<ComplianceFollowUpPage> {
      const now = ctx.now();
      const today = sydneyTodayDate(now);
      const { rows, total } = await repo.listFollowUpLessons(ctx.db, { today, now }, pageWindow(query));
      return pageOf(
        rows.map((r) => toFollowUpLesson(r, today)),
        total,
        query,
      );
    },

    async listInstructors(
      query: PageQuery & {
        status?: AdminInstructor["verificationStatus"];
        search?: string;
        sort: repo.AdminInstructorFilter["sort"];
        flagged?: boolean;
      },
    ) {
      const today = sydneyTodayDate(ctx.now());
      const { rows, total } = await repo.listAdminInstructors(
        ctx.db,
        {
          status: query.status,
          search: query.search || undefined,
          sort: query.sort,
          // The same window as the `expiringSoon` flag (rules/instructor-listing.ts).
          flaggedUntil: query.flagged ? addDaysToDate(today, DOCUMENT_EXPIRY_WARNING_DAYS) : undefined,
        },
        pageWindow(query),
      );
      return pageOf(rows.map(toAdminInstructor), total, query);
    },

    verifyInstructor(
      adminId: string,
      instructorId: string,
      input: {
        licenseNumberChecked: true;
        licenseExpiresOn: string;
        wwcExpiresOn: string;
        wwcNumber?: string;
      },
    ) {
      const now = ctx.now();
      // Both dates, both after today: the listing rule needs them, so verifying without them would
      // verify someone students still cannot find.
      const problems = verificationDateProblems(input, sydneyTodayDate(now));
      if (problems.length > 0) {
        throw new AppError(
          "validation_error",
          "An instructor can only be verified with both expiry dates recorded and in the future",
          problems,
        );
      }
      return changeInstructor(
        adminId,
        instructorId,
        "instructor.verify",
        {
          patch: {
            verificationStatus: "VERIFIED",
            verifiedAt: now,
            licenseExpiresOn: input.licenseExpiresOn,
            wwcExpiresOn: input.wwcExpiresOn,
            ...(input.wwcNumber ? { wwcNumber: input.wwcNumber } : {}),
          },
          details: {
            licenseNumberChecked: true,
            licenseExpiresOn: input.licenseExpiresOn,
            wwcExpiresOn: input.wwcExpiresOn,
          },
          // A regulator asks which check was verified, not only until when: the number must be on record.
          refuse: (current) =>
            input.wwcNumber || current.wwcNumber
              ? null
              : new AppError(
                  "validation_error",
                  "An instructor can only be verified with their Working With Children Check number on record",
                  [{ path: "wwcNumber", message: "Enter the Working With Children Check number" }],
                ),
        },
        (uow, change) =>
          notifyInstructorVerified(uow, { instructorId, now: change.now, appUrl: publicOrigin(ctx.env) }),
      );
    },

    rejectInstructor(adminId: string, instructorId: string, input: { reason: string }) {
      return changeInstructor(
        adminId,
        instructorId,
        "instructor.reject",
        {
          patch: { verificationStatus: "REJECTED", verifiedAt: null },
          // The reason lives in the audit log: it is the record of the decision.
          details: { reason: input.reason },
        },
        // The instructor hears why; their students with lessons ahead are told and offered a way on.
        (uow, change) =>
          notifyInstructorDelisted(uow, {
            instructorId,
            now: change.now,
            appUrl: publicOrigin(ctx.env),
            wasListed: change.wasListed,
            note: input.reason,
          }),
      );
    },

    updateDocumentDates(adminId: string, instructorId: string, input: DocumentDates) {
      const patch = {
        ...(input.licenseExpiresOn === undefined ? {} : { licenseExpiresOn: input.licenseExpiresOn }),
        ...(input.wwcExpiresOn === undefined ? {} : { wwcExpiresOn: input.wwcExpiresOn }),
      };
      return changeInstructor(
        adminId,
        instructorId,
        "instructor.compliance_update",
        { patch, details: { changed: patch } },
        // A date moved into the past (or cleared) delists a listed instructor just like an expiry.
        async (uow, change) => {
          if (change.wasListed && !change.isListed) {
            await notifyInstructorDelisted(uow, {
              instructorId,
              now: change.now,
              appUrl: publicOrigin(ctx.env),
              wasListed: true,
            });
          }
        },
      );
    },
  };
}
