import { LESSON_MINUTES } from "@kerb/shared";
import { type BundleOption, invoiceTotals, lessonLengthLabel } from "@kerb/shared/rules";
import type { SelectedSlot } from "@/features/availability";
import { lengthNote, slotMinutes, slotPriceCents } from "@/features/availability";
import { lessonCount } from "@/lib/format";

type InvoiceLine = {
  key: string;
  description: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
};

/**
 * Batch lines: lessons of the same kind, instructor and price share a line. The totals still come
 * from the individual lessons (as the server computes them), so grouping can never change the sum.
 */
export function batchInvoiceLines(slots: readonly SelectedSlot[]): InvoiceLine[] {
  const lines = new Map<string, InvoiceLine>();
  for (const slot of slots) {
    const unitCents = slotPriceCents(slot);
    const kind = slot.isPoolHours ? "Pool Hours driving lesson" : "Driving lesson";
    const length = lengthNote(slot);
    const description = `${kind} (${length ?? "60 min"}) · ${slot.instructorName}`;
    const key = `${description}|${unitCents}`;
    const line = lines.get(key);
    if (line) {
      line.quantity++;
      line.totalCents += unitCents;
    } else {
      lines.set(key, { key, description, quantity: 1, unitCents, totalCents: unitCents });
    }
  }
  return [...lines.values()];
}

/** "3 lessons of 60 minutes", "1 lesson of 2 hours", "2 lessons (60 minutes, 2 hours)". */
export function batchLessonsText(slots: readonly SelectedSlot[]): string {
  const count = lessonCount(slots.length);
  const lengths = [...new Set(slots.map(slotMinutes))].sort((a, b) => a - b).map(lessonLengthLabel);
  if (lengths.length <= 1) return `${count} of ${lengths[0] ?? lessonLengthLabel(LESSON_MINUTES)}`;
  return `${count} (${lengths.join(", ")})`;
}

export function batchTotals(slots: readonly SelectedSlot[]) {
  return invoiceTotals(slots.map(slotPriceCents));
}

export function bundleInvoiceLines(option: BundleOption): InvoiceLine[] {
  return [
    {
      key: option.size,
      description: `${option.name} bundle · ${option.lessons} driving lessons (60 min)`,
      quantity: option.lessons,
      unitCents: option.pricePerLessonCents,
      totalCents: option.totalCents,
    },
  ];
}

/** Lesson by lesson, exactly as the server adds up a bundle. */
export function bundleTotals(option: BundleOption) {
  return invoiceTotals(Array.from({ length: option.lessons }, () => option.pricePerLessonCents));
}

/**
 * The bundle the invoice starts with: a recommended one, the one whose size is nearest the student's
 * estimate when two are recommended (N = 10 recommends Small 5 and Medium 10 → Medium).
 */
export function defaultBundle(options: readonly BundleOption[], estimatedLessons: number): BundleOption {
  const recommended = options.filter((o) => o.recommended);
  const pool = recommended.length > 0 ? recommended : options;
  let best = pool[0] as BundleOption;
  for (const option of pool) {
    const distance = Math.abs(option.lessons - estimatedLessons);
    const bestDistance = Math.abs(best.lessons - estimatedLessons);
    if (distance < bestDistance || (distance === bestDistance && option.lessons > best.lessons))
      best = option;
  }
  return best;
}
