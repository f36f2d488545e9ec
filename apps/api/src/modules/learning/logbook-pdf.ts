/**
 * The learner's record of structured lessons for the NSW logbook, as a PDF to copy from: one row per
 * completed lesson with a verified instructor (date, times, instructor and licence number, day and night
 * time, the logbook time it credits, whether the instructor confirmed it), the lessons the learner
 * declared from other schools and their Safer Drivers Course, then the totals towards 120 hours and 20
 * at night, line by line with the rule behind each. Layout only, with the shared pdfkit helpers of
 * lib/pdf; the figures and the rules' words are rules/logbook.ts's, from the logbook use case.
 */
import type { LogbookCreditRule, LogbookTotalsSummary } from "@kerb/shared/rules";
import {
  formatIsoDate,
  formatSydneyTimeRange,
  LOGBOOK_REQUIRED_HOURS,
  LOGBOOK_REQUIRED_NIGHT_HOURS,
  LOGBOOK_RULES,
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

interface LogbookPdfOutsideLesson {
  school: string;
  /** Sydney date, YYYY-MM-DD. */
  date: string;
  minutes: number;
  structured: boolean;
  creditedMinutes: number;
  rule: LogbookCreditRule;
}

export interface LogbookDocument {
  issuer: { name: string; abn: string };
  isDemoIssuer: boolean;
  learner: { name: string; dateOfBirth: string | null };
  /** DD/MM/YYYY, Sydney. */
  preparedOn: string;
  lessons: LogbookPdfLesson[];
  outsideLessons: LogbookPdfOutsideLesson[];
  saferDriversCourse: { completedOn: string; creditedMinutes: number } | null;
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

const OUTSIDE_COLUMNS: Column[] = [
  { width: 62, align: "left" },
  { width: 223, align: "left" },
  { width: 85, align: "right" },
  { width: 60, align: "right" },
  { width: 65, align: "right" },
];
const OUTSIDE_HEADINGS = ["Date", "School", "Structured", "Time", "Credited"];

const LINE_COLUMNS: Column[] = [
  { width: CONTENT_WIDTH - 150, align: "left" },
  { width: 75, align: "right" },
  { width: 75, align: "right" },
];

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

  if (document.outsideLessons.length > 0) {
    heading(doc, "Lessons declared from other schools");
    const repeat = () => headingRow(doc, OUTSIDE_COLUMNS, OUTSIDE_HEADINGS);
    repeat();
    for (const declared of document.outsideLessons) {
      row(
        doc,
        OUTSIDE_COLUMNS,
        [
          { text: formatIsoDate(declared.date) },
          { text: declared.school },
          { text: declared.structured ? "Yes" : "No" },
          { text: hoursAndMinutes(declared.minutes) },
          { text: hoursAndMinutes(declared.creditedMinutes) },
        ],
        { onNewPage: repeat },
      );
    }
    hr(doc);
  }
  if (document.saferDriversCourse) {
    heading(doc, "Safer Drivers Course");
    row(doc, TOTAL_COLUMNS, [
      { text: `Completed on ${formatIsoDate(document.saferDriversCourse.completedOn)}` },
      { text: "" },
      { text: hoursAndMinutes(document.saferDriversCourse.creditedMinutes) },
    ]);
    hr(doc);
  }

  heading(doc, "How the hours are credited");
  headingRow(doc, LINE_COLUMNS, ["Rule", "Driven", "Credited"]);
  for (const line of totals.lines) {
    row(doc, LINE_COLUMNS, [
      { text: LOGBOOK_RULES[line.rule] },
      { text: line.rule === "SAFER_DRIVERS_COURSE" ? "" : hoursAndMinutes(line.drivenMinutes) },
      { text: hoursAndMinutes(line.creditedMinutes) },
    ]);
  }
  if (totals.lines.length === 0) {
    row(doc, [{ width: CONTENT_WIDTH, align: "left" }], [{ text: "Nothing credited yet." }]);
  }

  heading(doc, "Totals");
  headingRow(doc, TOTAL_COLUMNS, ["", "All", "Night"]);
  const of = (minutes: number, hours: number) => `${hoursAndMinutes(minutes)} of ${hours}:00`;
  row(doc, TOTAL_COLUMNS, [
    { text: "Lesson time with us" },
    { text: hoursAndMinutes(totals.lessonMinutes) },
    { text: hoursAndMinutes(totals.lessonNightMinutes) },
  ]);
  if (totals.outsideLessonMinutes > 0) {
    row(doc, TOTAL_COLUMNS, [
      { text: "Lesson time declared from other schools" },
      { text: hoursAndMinutes(totals.outsideLessonMinutes) },
      { text: "" },
    ]);
  }
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
    "Times are hours:minutes, Sydney time. Night is from sunset to sunrise at the lesson's suburb on that date.",
    LOGBOOK_RULES.NIGHT,
    LOGBOOK_RULES.REQUIREMENT,
    totals.under25 ? null : LOGBOOK_RULES.AGE_LIMIT,
    totals.ageUnknown ? "No date of birth is on record: the learner is counted as under 25." : null,
    `${LOGBOOK_RULES.NOT_CONFIRMED} Lessons not yet confirmed are listed as such; ask the instructor to confirm them.`,
    document.outsideLessons.length > 0
      ? "Lessons from other schools are as the learner declared them; their own instructors sign for them in the logbook."
      : null,
  ].filter((note): note is string => note !== null);
  doc.moveDown(0.6).font(SANS).fontSize(9).fillColor(MUTED);
  for (const note of notes) {
    doc.text(note, PAGE.margin, doc.y, { width: CONTENT_WIDTH }).moveDown(0.3);
  }

  footers(doc, title);
  doc.end();
  return done;
}
