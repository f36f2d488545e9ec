import { formatSydneyDate, sydneyTodayDate } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { kerbSupplier } from "../../lib/supplier.ts";
import { cachedDocument } from "../../platform/documents/issued-documents.ts";
import { logbook } from "./learner-journey.ts";
import type { LogbookDocument } from "./logbook-pdf.ts";

/**
 * "Kerb-logbook-Sam-Learner-2026-06-15.pdf", "Kerb-logbook-李-小龍-2026-06-15.pdf": named for the learner
 * in their own script (as the guardian's download names it), since a guardian may follow several.
 */
function logbookFilename(name: string, today: string): string {
  const slug = name
    .normalize("NFC")
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "");
  return `Kerb-logbook-${slug ? `${slug}-` : ""}${today}.pdf`;
}

/**
 * The logbook's structured lessons as a PDF to copy into the paper or app logbook. It changes (a lesson
 * confirmed, a course recorded, the date prepared each day): rendered when its data changes and kept until
 * then, one rendering per learner (issued-documents.ts cachedDocument).
 */
export async function logbookPdf(
  ctx: AppContext,
  studentId: string,
): Promise<{ filename: string; pdf: Buffer; contentHash: string }> {
  const { learner, lessons, outsideLessons, saferDriversCourse, totals } = await logbook(ctx, studentId);
  const now = ctx.now();
  const name = `${learner.firstName} ${learner.lastName}`.trim();
  const { supplier, isDemoSupplier } = kerbSupplier(ctx.env);
  const document: LogbookDocument = {
    issuer: supplier,
    isDemoIssuer: isDemoSupplier,
    learner: {
      name,
      dateOfBirth: learner.dateOfBirth,
    },
    preparedOn: formatSydneyDate(now),
    lessons,
    outsideLessons,
    saferDriversCourse,
    totals,
  };
  const cached = await cachedDocument(ctx, {
    kind: "logbook",
    subjectId: studentId,
    data: document,
    render: () => ctx.pdf.render("logbook", document),
    now,
  });
  return {
    filename: logbookFilename(name, sydneyTodayDate(now)),
    pdf: cached.bytes,
    contentHash: cached.contentHash,
  };
}
