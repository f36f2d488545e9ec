/**
 * How a driving-test package (issue 33) is named wherever it appears beside lessons: one sentence for the
 * money documents (tax invoice, earnings, RCTI) and one short label for schedules and lists, so the web,
 * the PDFs, the CSV and the emails say the same thing.
 */
import { formatSydneyDate, formatSydneyTime } from "./sydney-time.ts";
import { testCentreShown } from "./test-pack-outcomes.ts";

interface PackNamed {
  centreId: string;
  testAt: Date;
}

/** "Driving test package — St Marys Driver Testing Centre, 10/11/2026": the centre and the test's date. */
export function testPackLineLabel(pack: PackNamed): string {
  return `Driving test package — ${testCentreShown(pack.centreId).name}, ${formatSydneyDate(pack.testAt)}`;
}

/** "Test package · St Marys Driver Testing Centre · test 10:30 am": a schedule's one line for a pack. */
export function testPackScheduleLabel(pack: { centreName: string; testAt: Date }): string {
  return `Test package · ${pack.centreName} · test ${formatSydneyTime(pack.testAt)}`;
}
