import { errorResponses, idParams, moveProposalRequest, moveProposalResponse } from "@kerb/shared";
import { MOVE_PROPOSAL_LAPSE } from "@kerb/shared/words";

/**
 * The OpenAPI schema of proposing a new time for a lesson, as its instructor
 * (POST /api/instructor/lessons/{id}/move-proposals) or as an admin (POST /api/admin/bookings/{id}/move-proposals):
 * the same request and answer, in the words of each.
 */
export function moveProposalSchema(as: "instructor" | "admin") {
  const whose =
    as === "instructor" ? "one of the instructor's own scheduled lessons" : "any scheduled lesson";
  return {
    operationId: as === "instructor" ? "proposeInstructorLessonMove" : "proposeAdminBookingMove",
    summary: as === "instructor" ? "Propose a new time for a lesson" : "Propose a new time for any lesson",
    description:
      `Proposes a new time for ${whose}; nothing changes until the student accepts it (they are emailed ` +
      "links to accept or decline). The time must be offered by the instructor's calendar (hours, travel " +
      "between suburbs and buffer, notice, daily cap, holidays; same kind of time) and free of the " +
      "student's other lessons, else 409 slot_unavailable with the reason. A new proposal withdraws the " +
      `lesson's open one. Allowed until ${MOVE_PROPOSAL_LAPSE} before the lesson (409 proposal_window_closed ` +
      "after), which is also when the proposal lapses. Audited.",
    params: idParams,
    body: moveProposalRequest,
    response: { 201: moveProposalResponse, ...errorResponses(400, 401, 403, 404, 409) },
  };
}

/**
 * The OpenAPI schema of withdrawing a proposal by its proposer (POST /api/instructor/move-proposals/{id}/withdraw,
 * POST /api/admin/move-proposals/{id}/withdraw).
 */
export function withdrawMoveProposalSchema(as: "instructor" | "admin") {
  return {
    operationId: as === "instructor" ? "withdrawInstructorMoveProposal" : "withdrawAdminMoveProposal",
    summary: "Withdraw a proposed new time",
    description:
      `Withdraws an open proposal ${as === "instructor" ? "the instructor made for one of their lessons" : "made by an admin"}` +
      "; the lesson stays at its present time and the student is emailed. A proposal made by the other " +
      "role, or already answered, withdrawn or lapsed, is 409 (invalid_state, proposal_lapsed)" +
      `${as === "instructor" ? "; another instructor's is 404" : ""}. Audited.`,
    params: idParams,
    response: { 200: moveProposalResponse, ...errorResponses(400, 401, 403, 404, 409) },
  };
}
