import { MOVE_PROPOSAL_LAPSE } from "@kerb/shared/words";

/** The OpenAPI words of proposing a new time for a lesson, as its instructor or as an admin. */
export function moveProposalDocs(as: "instructor" | "admin") {
  const whose =
    as === "instructor" ? "one of the instructor's own scheduled lessons" : "any scheduled lesson";
  return {
    summary: as === "instructor" ? "Propose a new time for a lesson" : "Propose a new time for any lesson",
    description:
      `Proposes a new time for ${whose}; nothing changes until the student accepts it (they are emailed ` +
      "links to accept or decline). The time must be offered by the instructor's calendar (hours, travel " +
      "between suburbs and buffer, notice, daily cap, holidays; same kind of time) and free of the " +
      "student's other lessons, else 409 slot_unavailable with the reason. A new proposal withdraws the " +
      `lesson's open one. Allowed until ${MOVE_PROPOSAL_LAPSE} before the lesson (409 proposal_window_closed ` +
      "after), which is also when the proposal lapses. Audited.",
  };
}
