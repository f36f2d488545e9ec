import type { HeldLesson, HeldLessonsPage } from "@kerb/shared";
import {
  centsToDollars,
  instructorEarningsCents,
  type TeachingStopReason,
  teachingStopText,
} from "@kerb/shared/rules";
import type { AppContext } from "../../context.ts";
import { type PageQuery, pageOf, pageWindow } from "../../lib/paging.ts";
import { listHeldLessonRows } from "./held-lesson-store.ts";

type HeldRow = Awaited<ReturnType<typeof listHeldLessonRows>>["rows"][number];

function toHeldLesson(row: HeldRow): HeldLesson {
  const reason = row.reason as TeachingStopReason;
  return {
    id: row.id,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    suburb: row.suburb,
    status: row.status,
    price: centsToDollars(row.priceCents),
    instructorShare: centsToDollars(instructorEarningsCents(row.priceCents)),
    paidWith: row.bundleId ? "BUNDLE" : "CARD",
    student: row.student,
    instructor: row.instructor,
    reason,
    reasonText: teachingStopText(reason),
    stopStartedAt: row.stopStartedAt.toISOString(),
  };
}

/** GET /admin/held-lessons: lessons taught while their instructor could not teach, not decided yet. */
export async function listHeldLessons(ctx: AppContext, query: PageQuery): Promise<HeldLessonsPage> {
  const { rows, total } = await listHeldLessonRows(ctx.db, ctx.now(), pageWindow(query));
  return pageOf(rows.map(toHeldLesson), total, query);
}
