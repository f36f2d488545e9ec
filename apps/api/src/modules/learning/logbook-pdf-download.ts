import { formatSydneyDate, sydneyTodayDate } from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { kerbSupplier } from "../../lib/supplier.ts";
import { logbook } from "./learner-journey.ts";
import { renderLogbookPdf } from "./logbook-pdf.ts";

/** The logbook's structured lessons as a PDF to copy into the paper or app logbook. */
export async function logbookPdf(
  ctx: AppContext,
  studentId: string,
): Promise<{ filename: string; pdf: Buffer }> {
  const { learner, lessons, totals } = await logbook(ctx, studentId);
  const now = ctx.now();
  const { supplier, isDemoSupplier } = kerbSupplier(ctx.env);
  const pdf = await renderLogbookPdf({
    issuer: supplier,
    isDemoIssuer: isDemoSupplier,
    learner: {
      name: `${learner.firstName} ${learner.lastName}`.trim(),
      dateOfBirth: learner.dateOfBirth,
    },
    preparedOn: formatSydneyDate(now),
    lessons,
    totals,
  });
  return { filename: `Kerb-logbook-${sydneyTodayDate(now)}.pdf`, pdf };
}
