import { checkoutResponse, invoiceNumberClaim, isoDate, SUBURBS, slot as slotSchema } from "@kerb/shared";
import { isValidLessonCount } from "@kerb/shared/rules";
import { z } from "zod";
import {
  ASSESSMENT_STEPS,
  type AssessmentStep,
  DEFAULT_LANGUAGE,
  emptyAssessment,
  fitStep,
  furthestAssessmentStep,
  normalizeStep,
  type SelectedInstructor,
  type WizardState,
} from "./wizard-state";

/*
 * Reading a saved draft back (spec §3), with zod. Apart from wizard-state.ts because only a resumed
 * booking needs it: a fresh /student/book does not download zod and the shared schemas before it can
 * show its first step (BookLessonsPage loads this module only with ?resume=true).
 */

const nullableEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).nullable().catch(null);
/** An answer stored in any letter case ("NEVER_DRIVEN" from the API, "never_driven" here). */
const lowerCaseEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.string().toLowerCase().pipe(z.enum(values)).nullable().catch(null);
const dateOrNull = isoDate.nullable().catch(null);
const rateOrNull = z.number().nullable().catch(null);

const assessmentSchema = z
  .object({
    experienceLevel: lowerCaseEnum(["never_driven", "some_experience", "failed_test"]),
    licenseType: lowerCaseEnum(["automatic", "manual"]),
    targetDate: dateOrNull,
    specificSkills: z
      .array(z.unknown())
      .transform((skills) => skills.filter((s): s is string => typeof s === "string"))
      .catch([]),
    estimatedLessons: z
      .unknown()
      .transform((n) => (isValidLessonCount(n) ? n : null))
      .catch(null),
    language: z.string().trim().min(1).catch(DEFAULT_LANGUAGE),
  })
  .catch(emptyAssessment);

const instructorSchema = z
  .object({
    id: z.string().nullable().catch(null),
    firstName: z.string(),
    lastName: z.string(),
    standardRate: rateOrNull,
    poolRate: rateOrNull,
    autoMatch: z.boolean().catch(false),
  })
  // Without an id only an auto-match choice means anything.
  .transform((i): SelectedInstructor | null => (i.id === null && !i.autoMatch ? null : i))
  .nullable()
  .catch(null);

const pendingCheckoutSchema = z
  .object({
    signature: z.string(),
    response: checkoutResponse,
    startedAt: z.number(),
    pickupLocation: z.string().optional(),
  })
  .nullable()
  .catch(null);

const unconfirmedSchema = z
  .discriminatedUnion("step", [
    z.object({ step: z.literal("suburb_selection"), suburb: z.enum(SUBURBS) }),
    z.object({
      step: z.literal("rate_instructor_option"),
      rateOption: z.enum(["pool_hours", "pick_instructor"]),
    }),
    z.object({
      step: z.literal("instructor_selection"),
      instructor: instructorSchema.pipe(z.custom<SelectedInstructor>((i) => i !== null)),
    }),
  ])
  .nullable()
  .catch(null);

/** One lesson that no longer reads as a slot is dropped; the others stay. */
const slotsSchema = z
  .array(z.unknown())
  .transform((items) =>
    items.flatMap((item) => {
      const parsed = slotSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }),
  )
  .catch([]);

/**
 * A saved draft as the wizard reads it back (spec §3). Forgiving: an unreadable field becomes its empty
 * value instead of failing the whole draft, and an old step name becomes today's. Only a value without
 * the draft envelope (save time, step) fails.
 */
export const bookingDraftSchema = z
  // The envelope every stored draft has (lib/booking-draft.ts checks the same by hand).
  .looseObject({ timestamp: z.number(), currentStep: z.string() })
  .extend({
    currentStep: z.string().transform(normalizeStep),
    flow: nullableEnum(["bundle", "multi_select"]),
    suburb: nullableEnum(SUBURBS),
    assessmentData: assessmentSchema,
    assessmentStep: z.int().min(1).max(ASSESSMENT_STEPS).optional().catch(undefined),
    selectedInstructor: instructorSchema,
    rateOption: nullableEnum(["pool_hours", "pick_instructor"]),
    selectedSlots: slotsSchema,
    selectedDate: dateOrNull,
    bundleSize: nullableEnum(["small", "medium", "large"]),
    pendingCheckout: pendingCheckoutSchema,
    invoice: invoiceNumberClaim.nullable().catch(null).default(null),
    unconfirmed: unconfirmedSchema,
  })
  .transform(
    (draft): WizardState => ({
      flow: draft.flow,
      currentStep: draft.currentStep,
      suburb: draft.suburb,
      assessmentData: draft.assessmentData,
      assessmentStep:
        (draft.assessmentStep as AssessmentStep | undefined) ?? furthestAssessmentStep(draft.assessmentData),
      selectedInstructor: draft.selectedInstructor,
      rateOption: draft.rateOption,
      selectedSlots: draft.selectedSlots,
      selectedDate: draft.selectedDate,
      bundleSize: draft.bundleSize,
      pendingCheckout: draft.pendingCheckout,
      invoice: draft.invoice,
      unconfirmed: draft.unconfirmed,
    }),
  );

/**
 * Rebuilds the wizard from a saved draft, or null when the value is no draft at all. Unreadable fields
 * are dropped, and a step whose earlier answers are missing falls back to the first step that still
 * needs an answer. An unknown step name is kept so the page can say so (spec §2).
 */
export function stateFromDraft(draft: unknown): WizardState | null {
  const parsed = bookingDraftSchema.safeParse(draft);
  if (!parsed.success) return null;
  return { ...parsed.data, ...fitStep(parsed.data) };
}
