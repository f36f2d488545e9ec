import type { InstructorListing, instructorsQuery } from "@kerb/shared";
import {
  centsToDollars,
  normaliseLessonLengths,
  poolRateCents,
  rankInstructors,
  sydneyTodayDate,
} from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import * as repo from "./availability.repository.ts";

type InstructorsQuery = z.output<typeof instructorsQuery>;

/**
 * GET /student/instructors: the suburb's listed instructors with their rates, ranked for the learner when
 * they say their level, licence or language.
 */
export async function listInstructors(
  ctx: AppContext,
  query: InstructorsQuery,
): Promise<InstructorListing[]> {
  const rows = await repo.listEligibleInstructors(ctx.db, {
    today: sydneyTodayDate(ctx.now()),
    suburb: query.suburb,
  });
  const listings = rows.map(
    ({ standardRateCents, lessonLengths, ...row }): InstructorListing => ({
      ...row,
      lessonLengths: normaliseLessonLengths(lessonLengths),
      standardRate: centsToDollars(standardRateCents),
      poolRate: centsToDollars(row.poolOptIn ? poolRateCents(standardRateCents) : standardRateCents),
    }),
  );
  const { experienceLevel, licenseType, language } = query;
  if (!experienceLevel && !licenseType && !language) return listings;
  return rankInstructors(listings, { experienceLevel, licenseType, language });
}
