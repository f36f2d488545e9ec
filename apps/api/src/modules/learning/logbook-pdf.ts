/**
 * The learner's record of structured lessons for the NSW logbook, as a PDF to copy from: one row per
 * completed lesson with a verified instructor (date, times, instructor and licence number, day and night
 * time, the logbook time it credits, whether the instructor confirmed it), then the totals towards
 * 120 hours and 20 at night. Layout only, with the shared pdfkit helpers of lib/pdf; the figures are
 * rules/logbook.ts's, from the logbook use case.
 */
import type { LogbookTotalsSummary } from "@kerb/shared/rules";
import {
  formatIsoDate,
  formatSydneyTimeRange,
  LESSON_BONUS_CAP_HOURS,
  LESSON_MULTIPLIER,
  LOGBOOK_AGE_LIMIT,
  LOGBOOK_REQUIRED_HOURS,
  LOGBOOK_REQUIRED_NIGHT_HOURS,
} from "@kerb/shared/rules";
import { SANS } from "../../lib/pdf/fonts.ts";
import {
  type Column,
  documentHeader,
  heading,
  headingRow,
  hr,
  labelledValue,
  row,
} from "../../lib/pdf/layout.ts";
import { CONTENT_WIDTH, footers, MUTED, PAGE, startPdf } from "../../lib/pdf/page.ts";

interface LogbookPdfLesson {
  /** Sydney date, YYYY-MM-DD. */
  date: string;
  startTime: Date;
  endTime: Date;
  suburb: string;
  instructor: { firstName: string; lastName: string; licenseNumber: string };
  dayMinutes: number;
  nightMinutes: number;
  creditedDayMinutes: number;
  creditedNightMinutes: number;
  creditedMinutes: number;
  confirmed: boolean;
}

interface LogbookDocument {
  issuer: { name: string; abn: string };
  isDemoIssuer: boolean;
  learner: { name: string; dateOfBirth: string | null };
  /** DD/MM/YYYY, Sydney. */
  preparedOn: string;
  lessons: LogbookPdfLesson[];
  totals: LogbookTotalsSummary;
}

/** "3:00", "0:45": hours and minutes, as a logbook's time columns are written. */
const hoursAndMinutes = (minutes: number) =>
  `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;

const COLUMNS: Column[] = [
  { width: 62, align: "left" },
  { width: 92, align: "left" },
  { width: 131, align: "left" },
  { width: 40, align: "right" },
  { width: 45, align: "right" },
  { width: 60, align: "right" },
  { width: 65, align: "right" },
];
const HEADINGS = ["Date", "Time", "Instructor", "Day", "Night", "Credited", "Confirmed"];

const TOTAL_COLUMNS: Column[] = [
  { width: CONTENT_WIDTH - 180, align: "left" },
  { width: 90, align: "right" },
  { width: 90, align: "right" },
];

export function renderLogbookPdf(document: LogbookDocument): Promise<Buffer> {
  const { learner, totals } = document;
  const title = `Logbook record of ${learner.name}`;
  const { doc, done } = startPdf({
    Title: title,
    Author: document.issuer.name,
    Subject: `Structured driving lessons of ${learner.name} with licensed instructors, for the NSW learner logbook`,
  });

  documentHeader(doc, {
    title: "Structured lessons for the NSW learner logbook",
    titleSize: 17,
    issuer: document.issuer,
    isDemoAbn: document.isDemoIssuer,
  });
  const metaTop = doc.y;
  labelledValue(doc, "Learner", learner.name, PAGE.margin);
  labelledValue(
    doc,
    "Date of birth",
    learner.dateOfBirth ? formatIsoDate(learner.dateOfBirth) : "Not given",
    PAGE.margin,
  );
  const leftBottom = doc.y;
  doc.y = metaTop;
  labelledValue(doc, "Prepared on", document.preparedOn, PAGE.margin + CONTENT_WIDTH / 2);
  labelledValue(doc, "Lessons", String(document.lessons.length), PAGE.margin + CONTENT_WIDTH / 2);
  doc.y = Math.max(leftBottom, doc.y);

  heading(doc, "Lessons");
  const repeatHeadings = () => headingRow(doc, COLUMNS, HEADINGS);
  repeatHeadings();
  if (document.lessons.length === 0) {
    // One cell across the table: in the Date column alone the sentence would wrap word by word.
    row(
      doc,
      [{ width: CONTENT_WIDTH, align: "left" }],
      [{ text: "No completed lessons with a verified instructor yet." }],
    );
  }
  for (const lesson of document.lessons) {
    const instructor = `${lesson.instructor.firstName} ${lesson.instructor.lastName}`.trim();
    row(
      doc,
      COLUMNS,
      [
        { text: formatIsoDate(lesson.date) },
        { text: formatSydneyTimeRange(lesson.startTime, lesson.endTime), detail: lesson.suburb },
        { text: instructor, detail: `Licence ${lesson.instructor.licenseNumber}` },
        { text: hoursAndMinutes(lesson.dayMinutes) },
        { text: hoursAndMinutes(lesson.nightMinutes) },
        {
          text: hoursAndMinutes(lesson.creditedMinutes),
          detail:
            lesson.creditedNightMinutes > 0 ? `${hoursAndMinutes(lesson.creditedNightMinutes)} night` : "",
        },
        { text: lesson.confirmed ? "Yes" : "Not yet" },
      ],
      { onNewPage: repeatHeadings },
    );
  }
  hr(doc);

  heading(doc, "Totals");
  headingRow(doc, TOTAL_COLUMNS, ["", "All", "Night"]);
  const of = (minutes: number, hours: number) => `${hoursAndMinutes(minutes)} of ${hours}:00`;
  row(doc, TOTAL_COLUMNS, [
    { text: "Lesson time" },
    { text: hoursAndMinutes(totals.lessonMinutes) },
    { text: hoursAndMinutes(totals.lessonNightMinutes) },
  ]);
  row(doc, TOTAL_COLUMNS, [
    { text: "Credited in the logbook", bold: true },
    { text: of(totals.creditedMinutes, LOGBOOK_REQUIRED_HOURS), bold: true },
    { text: of(totals.creditedNightMinutes, LOGBOOK_REQUIRED_NIGHT_HOURS), bold: true },
  ]);
  row(doc, TOTAL_COLUMNS, [
    { text: "Still to log" },
    { text: hoursAndMinutes(totals.remainingMinutes) },
    { text: hoursAndMinutes(totals.remainingNightMinutes) },
  ]);

  const notes = [
    `Times are hours:minutes, Sydney time. Each hour of a structured lesson with a licensed instructor counts ` +
      `${LESSON_MULTIPLIER} logbook hours for the learner's first ${LESSON_BONUS_CAP_HOURS} hours of lessons, ` +
      "one hour after that. Night is from sunset to sunrise at the lesson's suburb on that date; a night " +
      `hour of lesson counts one night hour and ${LESSON_MULTIPLIER - 1} day hours while the bonus applies.`,
    totals.under25
      ? null
      : `At ${LOGBOOK_AGE_LIMIT} and over a learner needs no logbook: lessons from then on credit nothing.`,
    totals.ageUnknown ? "No date of birth is on record: the learner is counted as under 25." : null,
    "Lessons not yet confirmed by their instructor are listed as such; ask the instructor to confirm them.",
  ].filter((note): note is string => note !== null);
  doc.moveDown(0.6).font(SANS).fontSize(9).fillColor(MUTED);
  for (const note of notes) {
    doc.text(note, PAGE.margin, doc.y, { width: CONTENT_WIDTH }).moveDown(0.3);
  }

  footers(doc, title);
  doc.end();
  return done;
}
