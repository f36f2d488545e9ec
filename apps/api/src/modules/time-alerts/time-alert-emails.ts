/**
 * The alert's two emails (issue 34): a time opened (with a link that holds it, first come first
 * served), and the alert ended because its instructor stopped teaching there.
 */
import { paths } from "@kerb/shared/paths";
import { formatIsoDate, formatSydneyDate, formatSydneyTime, fullName } from "@kerb/shared/rules";
import type { OutboxEmail } from "../../platform/unit-of-work-effects.ts";
import {
  brandedEmail,
  type LessonTime,
  lessonWhen,
  link,
  type Person,
  recipient,
} from "../notifications/index.ts";

const FOOTNOTE =
  "You received this email because you asked Kerb to tell you about earlier lesson times. You can end the alert on your alerts page.";

export interface OpenedTime extends LessonTime {
  instructorName: string;
}

export function timeOpenedEmail(input: {
  learner: Person & { email: string };
  alertId: string;
  offered: OpenedTime;
  token: string;
  others: OpenedTime[];
  suburb: string;
  expiresAt: Date;
  appUrl: string;
  now: Date;
}): OutboxEmail {
  const { offered } = input;
  const hold = link(input.appUrl, paths.student.timeAlertOffer(input.token));
  const alerts = link(input.appUrl, paths.student.timeAlerts());
  return {
    kind: "time_alert_opening",
    to: recipient(input.learner),
    // One email per alert per scan that found news (the scan itself allows one a day).
    dedupeKey: `time-alert-opening:${input.alertId}:${input.now.toISOString()}`,
    now: input.now,
    ...brandedEmail({
      subject: `A lesson time just opened with ${offered.instructorName}`,
      greeting: `Hi ${input.learner.firstName},`,
      paragraphs: [
        `A time you asked about is free: ${lessonWhen(offered)} with ${offered.instructorName} in ${input.suburb}.`,
        "Other learners may have asked about it too, so it goes to whoever holds it first. Open the link and press Hold this time: the lesson is then kept for you while you pay, as with any booking.",
        "Holding a time ends this alert; if someone else holds it first, your alert stays on.",
        ...(alerts ? [`Your alerts: ${alerts}`] : []),
      ],
      details: [
        ["Time", lessonWhen(offered)],
        ["Instructor", offered.instructorName],
        ...input.others.map((other): [string, string] => [
          "Also free",
          `${lessonWhen(other)}, ${other.instructorName}`,
        ]),
        ["Link works until", `${formatSydneyDate(input.expiresAt)}, ${formatSydneyTime(input.expiresAt)}`],
      ],
      ...(hold ? { action: { label: "See and hold this time", url: hold } } : {}),
      footnote: FOOTNOTE,
    }),
  };
}

export function alertEndedEmail(input: {
  learner: Person & { email: string };
  alertId: string;
  instructor: Person;
  suburb: string;
  window: { fromDate: string; toDate: string };
  appUrl: string;
  now: Date;
}): OutboxEmail {
  const alerts = link(input.appUrl, paths.student.timeAlerts());
  return {
    kind: "time_alert_ended",
    to: recipient(input.learner),
    dedupeKey: `time-alert-ended:${input.alertId}`,
    now: input.now,
    ...brandedEmail({
      subject: `Your earlier-time alert for ${fullName(input.instructor)} has ended`,
      greeting: `Hi ${input.learner.firstName},`,
      paragraphs: [
        `${fullName(input.instructor)} is no longer taking lessons in ${input.suburb} on Kerb, so we have ended your alert for earlier times with them.`,
        "You can set a new alert for any instructor in your suburb, or choose another instructor.",
      ],
      details: [
        ["Instructor", fullName(input.instructor)],
        ["Dates watched", `${formatIsoDate(input.window.fromDate)} – ${formatIsoDate(input.window.toDate)}`],
      ],
      ...(alerts ? { action: { label: "Set a new alert", url: alerts } } : {}),
      footnote: FOOTNOTE,
    }),
  };
}
