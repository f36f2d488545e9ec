import { randomUUID } from "node:crypto";
import { type batchBookingRequest, SUBURBS, type Suburb } from "@kerb/shared";
import {
  centsToDollars,
  choosePoolInstructor,
  dollarsToCents,
  findSuburb,
  holdExpiryFrom,
  invoiceTotals,
  isListableInstructor,
  sydneyDateOf,
  sydneyTodayDate,
  teachesInSuburb,
  unknownSuburbMessage,
} from "@kerb/shared/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { pgErrorCode } from "../../plugins/errors.ts";
import { findOpenSlots, type OpenSlot } from "../availability/availability.service.ts";
import { createCheckoutService } from "../checkout/checkout.service.ts";
import { insertPayment, newInvoiceNumber } from "../payments/index.ts";
import { sweepLapsedHolds } from "./hold-sweep.ts";
import { checkLessonTimes } from "./lesson-shape.ts";
import * as repo from "./lessons.repository.ts";
import { holdLessonsOfPayment } from "./lessons.writes.ts";

type BatchRequest = z.output<typeof batchBookingRequest>;
type Item = BatchRequest["bookings"][number];

interface PlannedLesson {
  instructorId: string;
  start: Date;
  end: Date;
  priceCents: number;
  isPoolHours: boolean;
  pickupLocation: string | null;
}

export function createBookingService(ctx: AppContext) {
  const checkout = createCheckoutService(ctx);
  /** Matches each requested lesson to a free slot priced by our own rules. */
  async function plan(tx: Executor, items: Item[], suburb: Suburb, now: Date): Promise<PlannedLesson[]> {
    const starts = items.map((i) => new Date(i.startTime));
    const firstDate = sydneyDateOf(new Date(Math.min(...starts.map((d) => d.getTime()))));
    const lastDate = sydneyDateOf(new Date(Math.max(...starts.map((d) => d.getTime()))));
    // Auto-assigned pool lessons choose among the whole suburb; named instructors need only their own calendars.
    const named = items.every((i) => i.instructorId)
      ? [...new Set(items.map((i) => i.instructorId ?? ""))]
      : undefined;
    const open = await findOpenSlots(tx, {
      suburb,
      startDate: firstDate,
      endDate: lastDate,
      instructorIds: named,
      now,
    });
    const byKey = new Map<string, OpenSlot>();
    const poolByStart = new Map<number, OpenSlot[]>();
    for (const slot of open) {
      byKey.set(`${slot.instructorId}|${slot.start.getTime()}`, slot);
      if (slot.isPoolHours) {
        const list = poolByStart.get(slot.start.getTime()) ?? [];
        list.push(slot);
        poolByStart.set(slot.start.getTime(), list);
      }
    }

    const planned: PlannedLesson[] = [];
    for (const [index, item] of items.entries()) {
      const start = new Date(item.startTime);
      let slot: OpenSlot | undefined;
      if (item.instructorId) {
        slot = byKey.get(`${item.instructorId}|${start.getTime()}`);
        if (!slot) {
          const instructor = await repo.findInstructorListing(tx, item.instructorId);
          if (!instructor || !isListableInstructor(instructor, sydneyTodayDate(now))) {
            throw new AppError("not_found", "That instructor is not available for booking", { index });
          }
          if (!teachesInSuburb(instructor.suburbs, suburb)) {
            throw new AppError("instructor_not_in_suburb", `That instructor does not teach in ${suburb}`, {
              index,
            });
          }
          throw new AppError(
            "slot_unavailable",
            "One of the chosen times has just been taken. Please choose another.",
            {
              index,
              startTime: item.startTime,
            },
          );
        }
      } else {
        if (!item.isPoolHours) {
          throw new AppError(
            "bad_request",
            "Choose an instructor, or book a pool-hours slot to be auto-assigned",
            { index },
          );
        }
        // Auto-assignment by the same rule that priced the listed slot (rules/pool-assignment.ts).
        slot = choosePoolInstructor(poolByStart.get(start.getTime()) ?? []);
        if (!slot) {
          throw new AppError(
            "slot_unavailable",
            "No pool instructor is free at one of the chosen times any more.",
            {
              index,
              startTime: item.startTime,
            },
          );
        }
      }
      const chosen = slot;
      if (item.isPoolHours !== chosen.isPoolHours || dollarsToCents(item.price) !== chosen.priceCents) {
        throw new AppError("amount_mismatch", "A lesson price has changed. Please review your selection.", {
          index,
          expected: centsToDollars(chosen.priceCents),
          isPoolHours: chosen.isPoolHours,
        });
      }
      // An instructor taken by this batch is no longer free for the next auto-assigned lesson.
      byKey.delete(`${chosen.instructorId}|${start.getTime()}`);
      const pool = poolByStart.get(start.getTime());
      if (pool)
        poolByStart.set(
          start.getTime(),
          pool.filter((s) => s.instructorId !== chosen.instructorId),
        );
      planned.push({
        instructorId: chosen.instructorId,
        start: chosen.start,
        end: chosen.end,
        priceCents: chosen.priceCents,
        isPoolHours: chosen.isPoolHours,
        pickupLocation: item.pickupLocation?.trim() || null,
      });
    }
    return planned;
  }

  return {
    async createBatch(studentId: string, request: BatchRequest) {
      const now = ctx.now();
      checkLessonTimes(request.bookings, now);

      const hold = () =>
        ctx.db.transaction(async (tx) => {
          // One batch per student at a time: the hold cap below is counted and used atomically, so
          // concurrent batches cannot each see room and together hoard slots.
          const student = await repo.lockStudentForCheckout(tx, studentId);
          if (!student) throw new AppError("unauthorized", "Please sign in again");
          // The schema has already matched a suburb sent in the request; the student's own may be stale.
          const suburb = request.suburb ?? findSuburb(student.suburb ?? "");
          if (!suburb) {
            throw new AppError("invalid_suburb", unknownSuburbMessage(), {
              validSuburbs: SUBURBS,
            });
          }
          const { open, clashes } = await repo.openHoldsAndClashes(
            tx,
            studentId,
            request.bookings.map((b) => ({ start: new Date(b.startTime), end: new Date(b.endTime) })),
            now,
          );
          if (open + request.bookings.length > ctx.env.MAX_HELD_LESSONS) {
            throw new AppError(
              "too_many_holds",
              `You already have ${open} lessons waiting for payment. Pay for or let those go before holding more.`,
              { held: open, limit: ctx.env.MAX_HELD_LESSONS },
            );
          }
          if (clashes.length > 0) {
            throw new AppError("slot_unavailable", "You already have a lesson at one of the chosen times", {
              startTime: clashes[0]?.startTime.toISOString(),
            });
          }
          const lessons = await plan(tx, request.bookings, suburb, now);
          const totals = invoiceTotals(lessons.map((l) => l.priceCents));
          const holdExpiresAt = holdExpiryFrom(now);
          // The payment and its lessons in one statement; the id is chosen here so the lessons can
          // name their payment. The exclusion constraints are the final word: a concurrent booking of
          // the same instructor (or the same student) at an overlapping hour makes this insert fail
          // (23P01 → 409 slot_unavailable) and the whole batch roll back.
          const paymentId = randomUUID();
          const payment = await insertPayment(
            tx,
            {
              id: paymentId,
              userId: studentId,
              type: "BOOKINGS",
              provider: ctx.payments.name,
              subtotalCents: totals.subtotalCents,
              gstCents: totals.gstCents,
              amountCents: totals.totalCents,
              invoiceNumber: newInvoiceNumber(now),
              expiresAt: holdExpiresAt,
              createdAt: now,
            },
            holdLessonsOfPayment(
              tx,
              paymentId,
              lessons.map((l) => ({
                studentId,
                instructorId: l.instructorId,
                startTime: l.start,
                endTime: l.end,
                priceCents: l.priceCents,
                isPoolHours: l.isPoolHours,
                suburb,
                pickupLocation: l.pickupLocation ?? suburb,
                holdExpiresAt,
                createdAt: now,
              })),
            ),
          );
          return { payment, student, suburb };
        });
      // A lapsed hold still occupies its slot in the exclusion constraint until the sweep releases it.
      // Rather than release lapsed holds before every booking, do it when one is in the way: if the
      // insert clashed and lapsed holds were released, the booking is tried once more.
      let held: Awaited<ReturnType<typeof hold>>;
      try {
        held = await hold();
      } catch (error) {
        if (pgErrorCode(error) !== "23P01" || (await sweepLapsedHolds(ctx.db, now)) === 0) throw error;
        held = await hold();
      }

      const count = request.bookings.length;
      return checkout.start(held.payment, held.student, `Kerb driving lessons × ${count} (${held.suburb})`);
    },
  };
}
