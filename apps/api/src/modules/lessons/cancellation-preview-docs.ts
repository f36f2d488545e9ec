/**
 * The OpenAPI text of the instructor's and the admin's cancellation previews: one rule
 * (staff-cancellation-preview.ts) behind both, so one description.
 */
export const cancellationPreviewDocs = {
  summary: "What cancelling a lesson would refund the student",
  description:
    "Exactly what cancelling the lesson now would give the student (amount and GST from the " +
    "payment as it stands, or the bundle credit), by the same rule and clock; nothing is changed. " +
    "A lesson that can no longer be cancelled is 409 invalid_state.",
};
