/**
 * The earlier-time alerts' scan (the `time-alerts` job, off the request path). The event it reacts to
 * is one the lessons and schedule modules already emit without knowing it: the availability counters
 * that database triggers raise in the transaction of every change to an instructor's bookings, weekly
 * hours, overrides and leave, and to instructor profiles (migration 0007, decision 015). A cancellation,
 * a move, a lapsed or released hold, leave removed, new hours: each moves a counter; so does a
 * suspension or a suburb dropped. An alert whose counters moved is compared again with the slot list.
 *
 * Per alert, in one unit of work under the alert's row lock: its instructor must still be listed and
 * teach in its suburb (else the alert ends and the learner is told); the slot list's times the alert
 * did not know are news; news is emailed at most once a day (rules/time-alerts.ts), and news that
 * arrives in the quiet hours waits for it to end, if the time is still free then.
 */
import { TIME_ALERT_TIMES_PER_EMAIL } from "@kerb/shared";
import {
  isListableInstructor,
  isWindowPassed,
  mayAlertAgain,
  offerLinkExpiry,
  sydneyTodayDate,
  teachesInSuburb,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { publicOrigin } from "../../env.ts";
import { readAvailabilityCounters } from "../availability/index.ts";
import { findInstructorListing } from "../instructors/index.ts";
import { findStudentClashes } from "../lessons/index.ts";
import { signOffer } from "./offer-token.ts";
import { openTimesOf, slotKey, versionFor } from "./open-times.ts";
import { alertEndedEmail, timeOpenedEmail } from "./time-alert-emails.ts";
import { windowOf } from "./time-alert-views.ts";
import * as repo from "./time-alerts.repository.ts";

export type ScanContext = Pick<AppContext, "db" | "now" | "transact" | "env"> & {
  auth: Pick<AppContext["auth"], "secret">;
};

export interface ScanOutcome {
  /** Alerts whose window passed, ended quietly. */
  lapsed: number;
  /** Alerts ended because their instructor stopped teaching (the learner emailed). */
  ended: number;
  /** Learners emailed about a time. */
  notified: number;
}

export async function scanTimeAlerts(ctx: ScanContext): Promise<ScanOutcome> {
  const now = ctx.now();
  const outcome: ScanOutcome = { lapsed: 0, ended: 0, notified: 0 };
  const alerts = await repo.listActiveAlerts(ctx.db);
  if (alerts.length === 0) return outcome;
  const instructorIds = [...new Set(alerts.flatMap((a) => (a.instructorId ? [a.instructorId] : [])))];
  const counters = await readAvailabilityCounters(ctx.db, instructorIds);

  for (const alert of alerts) {
    if (isWindowPassed(alert, now)) {
      if (await repo.endTimeAlert(ctx.db, alert.id, { reason: "WINDOW_PASSED", at: now })) outcome.lapsed++;
      continue;
    }
    const version = versionFor(alert, counters);
    const waiting = alert.hasUnsent && mayAlertAgain(alert.lastNotifiedAt, now);
    if (version === alert.seenVersion && !waiting) continue;
    const result = await scanOne(ctx, alert.id, version, now);
    if (result === "ended") outcome.ended++;
    if (result === "notified") outcome.notified++;
  }
  return outcome;
}

async function scanOne(
  ctx: ScanContext,
  alertId: string,
  version: string,
  now: Date,
): Promise<"ended" | "notified" | "quiet" | null> {
  const appUrl = publicOrigin(ctx.env);
  return ctx.transact(async (uow) => {
    const alert = await repo.lockActiveAlert(uow.tx, alertId);
    if (!alert) return null;
    const learner = {
      firstName: alert.studentFirstName,
      lastName: alert.studentLastName,
      email: alert.studentEmail,
    };
    if (alert.instructorId) {
      const listing = await findInstructorListing(uow.tx, alert.instructorId);
      const teaches =
        listing &&
        isListableInstructor(listing, sydneyTodayDate(now)) &&
        teachesInSuburb(listing.suburbs, alert.suburb);
      if (!teaches) {
        await repo.endTimeAlert(uow.tx, alert.id, { reason: "INSTRUCTOR_UNAVAILABLE", at: now });
        await uow.email(
          alertEndedEmail({
            learner,
            alertId: alert.id,
            instructor: {
              firstName: alert.instructorFirstName ?? "",
              lastName: alert.instructorLastName ?? "",
            },
            suburb: alert.suburb,
            window: alert,
            appUrl,
            now,
          }),
        );
        return "ended";
      }
    }

    const open = await openTimesOf(
      uow.tx,
      { ...windowOf(alert), instructorId: alert.instructorId, suburb: alert.suburb },
      now,
    );
    const known = new Set(alert.knownSlots);
    const fresh = open.filter((slot) => !known.has(slotKey(slot)));
    // Only times the learner could take: not while they are in another car (their own lessons, read
    // once over the fresh times' span).
    const span = fresh.length
      ? [
          {
            start: new Date(Math.min(...fresh.map((s) => s.start.getTime()))),
            end: new Date(Math.max(...fresh.map((s) => s.end.getTime()))),
          },
        ]
      : [];
    const own = await findStudentClashes(uow.tx, alert.studentId, span, now);
    const offerable = fresh
      .filter((slot) => !own.some((l) => l.startTime < slot.end && l.endTime > slot.start))
      .slice(0, TIME_ALERT_TIMES_PER_EMAIL);
    const [offered, ...others] = offerable;
    if (!offered || !mayAlertAgain(alert.lastNotifiedAt, now)) {
      // Forget times no longer free (if one frees again it is news again); keep quiet news for later.
      const stillOpen = new Set(open.map(slotKey));
      await repo.recordScan(uow.tx, alert.id, {
        seenVersion: version,
        knownSlots: alert.knownSlots.filter((key) => stillOpen.has(key)),
        hasUnsent: offerable.length > 0,
      });
      return "quiet";
    }
    const expiresAt = offerLinkExpiry(now, offered.start);
    const token = signOffer(ctx.auth.secret, {
      alertId: alert.id,
      instructorId: offered.instructorId,
      start: offered.start,
      lessonMinutes: alert.lessonMinutes,
      expiresAt,
    });
    const asTime = (slot: typeof offered) => ({
      startTime: slot.start,
      endTime: slot.end,
      instructorName: slot.instructorName,
    });
    await uow.email(
      timeOpenedEmail({
        learner,
        alertId: alert.id,
        offered: asTime(offered),
        token,
        others: others.map(asTime),
        suburb: alert.suburb,
        expiresAt,
        appUrl,
        now,
      }),
    );
    await repo.recordScan(uow.tx, alert.id, {
      seenVersion: version,
      knownSlots: open.map(slotKey),
      hasUnsent: false,
      notifiedAt: now,
    });
    return "notified";
  });
}
