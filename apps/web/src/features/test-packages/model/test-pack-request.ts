import { SUBURBS, type Suburb, type TestPackOptionsQuery } from "@kerb/shared";
import { clockMinutes, isTestCentreId, sydneyWallTimeInstants, testCentresByDrive } from "@kerb/shared/rules";

/** What the learner types about the test Service NSW booked for them. */
export interface TestPackDraft {
  suburb: string;
  centreId: string;
  /** YYYY-MM-DD, Sydney. */
  date: string;
  /** HH:MM, Sydney. */
  time: string;
}

export type TestPackDraftErrors = Partial<Record<keyof TestPackDraft, string>>;

const isSuburb = (value: string): value is Suburb => (SUBURBS as readonly string[]).includes(value);

/** The centres in the order to offer them: nearest the pick-up first, with the drive there. */
export function centreOptions(suburb: string) {
  if (!isSuburb(suburb)) return [];
  return testCentresByDrive(suburb).map(({ centre, minutes }) => ({
    value: centre.id,
    label: `${centre.name} (about ${minutes} min away)`,
  }));
}

/**
 * The options query for the draft, or what is missing. The test time is read as Sydney's wall clock;
 * tests run in business hours, so the one hour a year that happens twice is taken at its first.
 */
export function optionsQueryOf(
  draft: TestPackDraft,
): { query: TestPackOptionsQuery; errors: null } | { query: null; errors: TestPackDraftErrors } {
  const errors: TestPackDraftErrors = {};
  if (!isSuburb(draft.suburb)) errors.suburb = "Choose the suburb you are picked up in";
  if (!isTestCentreId(draft.centreId)) errors.centreId = "Choose the centre your test is booked at";
  const minutes = clockMinutes(draft.time);
  const [testAt] = minutes === null || !draft.date ? [] : sydneyWallTimeInstants(draft.date, minutes);
  if (!draft.date) errors.date = "Enter the date of your test";
  if (minutes === null) errors.time = "Enter the time of your test";
  else if (draft.date && !testAt) errors.time = "That time does not exist in Sydney on that date";
  if (Object.keys(errors).length > 0 || !testAt) return { query: null, errors };
  return {
    query: { centreId: draft.centreId, testAt: testAt.toISOString(), suburb: draft.suburb },
    errors: null,
  };
}
