/**
 * The availability engine's inputs kept in process memory between requests, and trusted only while
 * the database says nothing changed. Deferred triggers (migration 0007) raise a counter per instructor
 * in the same transaction as any change to their bookings, weekly rules or exceptions, and a catalogue
 * counter on any change to instructor profiles or names. Every request reads those counters first (one
 * small query) and reloads exactly what moved. Because the counters are read before the data they
 * vouch for, a cache entry is never newer than its counter claims: a change committed by any process
 * is seen on the next request of every process, with no time-based expiry.
 *
 * What the clock alone changes (a checkout hold lapsing) is applied per request at its own `now`.
 */
import { addDaysToDate, bookingHorizon, lastTeachingDate, sydneyMidnight } from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import { groupBy } from "../../lib/group-by.ts";
import * as repo from "./availability.repository.ts";
import { type DatedException, type ScheduleSource, TRAVEL_REACH_MS } from "./schedule-source.ts";
import {
  type BookedPeriod,
  BusyIndex,
  type BusyLookup,
  combineBusy,
  type DateException,
  type InstructorSchedule,
  type WeeklyRule,
} from "./slot-generator.ts";

interface SuburbEntry {
  today: string;
  catalogue: number;
  instructors: repo.SlotInstructor[];
  /** The instructors' counters, and their sum: the cheap check made on every request. */
  versions: Map<string, number>;
  total: number;
}

interface InstructorEntry {
  today: string;
  version: number;
  weeklyRules: WeeklyRule[];
  exceptionsByDate: Map<string, DateException[]>;
  /** Scheduled lessons and holds without expiry. */
  taken: BusyIndex;
  /** Holds that lapse at a known instant; usually a handful. */
  holds: BookedPeriod[];
}

/** The instants around `now` between which no hold of the snapshot lapses (epoch ms). */
interface HoldWindow {
  fromMs: number;
  untilMs: number;
}

/**
 * One request's view: the suburb's instructors and the counters read for them. Serves the engine as a
 * ScheduleSource and, after `load`, says for how long the clock leaves its answer unchanged.
 */
interface ScheduleSnapshot extends ScheduleSource {
  /** Changes whenever anything the suburb's answers depend on has changed in the database. */
  readonly fingerprint: string;
  /** Set by `load`: the span of `now` over which no hold of the candidates lapses. */
  holdWindow: HoldWindow;
}

const SUBURB_LIMIT = 200;

export function createScheduleCache() {
  const suburbs = new Map<string, SuburbEntry>();
  const entries = new Map<string, InstructorEntry>();

  /** Reloads the given instructors' inputs over the whole booking horizon of `today`. */
  async function load(
    db: Executor,
    ids: string[],
    today: string,
    versions: ReadonlyMap<string, number>,
  ): Promise<Map<string, InstructorEntry>> {
    const { lastDate } = bookingHorizon(sydneyMidnight(today));
    // Around the horizon as far as a drive and a buffer reach (schedule-source.ts).
    const from = new Date(sydneyMidnight(today).getTime() - TRAVEL_REACH_MS);
    const to = new Date(sydneyMidnight(addDaysToDate(lastDate, 1)).getTime() + TRAVEL_REACH_MS);
    const rules = await repo.listWeeklyRules(db, ids);
    const exceptions = await repo.listExceptions(db, ids, today, lastDate);
    const booked = await repo.listBookedPeriods(db, ids, from, to);
    const rulesBy = new Map(rules.map((r) => [r.instructorId, r.rules]));
    const exceptionsBy = groupBy<DatedException>(exceptions, (e) => e.instructorId);
    const bookedBy = new Map(booked.map((b) => [b.instructorId, b.periods]));
    const loaded = new Map<string, InstructorEntry>();
    for (const id of ids) {
      const periods = bookedBy.get(id) ?? [];
      const entry: InstructorEntry = {
        today,
        version: versions.get(id) ?? 0,
        weeklyRules: rulesBy.get(id) ?? [],
        exceptionsByDate: groupBy(exceptionsBy.get(id) ?? [], (e) => e.date),
        taken: new BusyIndex(periods.filter((p) => p[3] === null)),
        holds: periods.filter((p) => p[3] !== null),
      };
      loaded.set(id, entry);
      const current = entries.get(id);
      // A slower request must not replace newer inputs with older ones.
      if (!current || current.today !== today || current.version <= entry.version) entries.set(id, entry);
    }
    return loaded;
  }

  function busyAt(entry: InstructorEntry, nowMs: number): BusyLookup {
    const active = entry.holds.filter((h) => (h[3] ?? 0) > nowMs);
    if (active.length === 0) return entry.taken;
    return combineBusy([entry.taken, new BusyIndex(active)]);
  }

  /** Reads the counters and, when the catalogue moved, the suburb's instructors. */
  async function snapshot(db: Executor, suburb: string, today: string): Promise<ScheduleSnapshot> {
    const suburbKey = suburb.toLowerCase();
    const known = suburbs.get(suburbKey);
    let listed = known?.today === today ? known : undefined;
    const head = await repo.readVersionTotal(db, listed?.instructors.map((i) => i.id) ?? []);
    if (!listed || listed.catalogue !== head.catalogue || listed.total !== head.total) {
      const instructors =
        listed && listed.catalogue === head.catalogue
          ? listed.instructors
          : await repo.listSlotInstructors(db, { today, suburb });
      const read = await repo.readInstructorVersions(
        db,
        instructors.map((i) => i.id),
      );
      let total = 0;
      for (const version of read.values()) total += version;
      listed = { today, catalogue: head.catalogue, instructors, versions: read, total };
      if (suburbs.size >= SUBURB_LIMIT) suburbs.clear();
      suburbs.set(suburbKey, listed);
    }
    const { instructors, versions } = listed;
    const versionOf = (id: string) => versions.get(id) ?? 0;
    const fingerprint = `${listed.catalogue}:${listed.total}`;

    const view: ScheduleSnapshot = {
      fingerprint,
      holdWindow: { fromMs: Number.NEGATIVE_INFINITY, untilMs: Number.POSITIVE_INFINITY },
      async load({ instructorId, instructorIds }, range, { poolHoursOnly }) {
        const chosen = instructors.filter(
          (i) =>
            (instructorId === undefined || i.id === instructorId) &&
            (instructorIds === undefined || instructorIds.includes(i.id)),
        );
        // Instructors outside the pool can contribute nothing to a pool-only search: not even loaded.
        const candidates = poolHoursOnly ? chosen.filter((i) => i.poolOptIn) : chosen;
        if (candidates.length === 0 || range.firstDate > range.endDate) {
          return { instructors: chosen, schedules: new Map() };
        }
        const usable = (id: string) => {
          const entry = entries.get(id);
          return entry && entry.today === today && entry.version === versionOf(id) ? entry : undefined;
        };
        const stale = candidates.filter((c) => !usable(c.id)).map((c) => c.id);
        const loaded = stale.length > 0 ? await load(db, stale, today, versions) : new Map();
        const nowMs = range.now.getTime();
        // A hold within a drive of the range changes its answers too.
        const rangeFrom = sydneyMidnight(range.firstDate).getTime() - TRAVEL_REACH_MS;
        const rangeTo = sydneyMidnight(addDaysToDate(range.endDate, 1)).getTime() + TRAVEL_REACH_MS;
        const window = { fromMs: Number.NEGATIVE_INFINITY, untilMs: Number.POSITIVE_INFINITY };
        const schedules = new Map<string, InstructorSchedule>();
        for (const instructor of candidates) {
          const entry = loaded.get(instructor.id) ?? usable(instructor.id);
          if (!entry) continue;
          for (const [start, end, , lapsesAt] of entry.holds) {
            if (lapsesAt === null || start >= rangeTo || end <= rangeFrom) continue;
            if (lapsesAt > nowMs) window.untilMs = Math.min(window.untilMs, lapsesAt);
            else window.fromMs = Math.max(window.fromMs, lapsesAt);
          }
          schedules.set(instructor.id, {
            weeklyRules: entry.weeklyRules,
            exceptionsByDate: entry.exceptionsByDate,
            busy: busyAt(entry, nowMs),
            lastDate: lastTeachingDate(instructor),
            settings: instructor,
          });
        }
        view.holdWindow = window;
        return { instructors: chosen, schedules };
      },
    };
    return view;
  }

  return { snapshot };
}
