import { type MouseEvent, useState } from "react";
import { useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { clearBookingDraft, readBookingDraft } from "@/lib/booking-draft";
import { useReleaseHeldPayment } from "../api/release-payment";
import { draftHeldPaymentId } from "../model/draft-checkout";

/**
 * The saved booking draft as the dashboard offers it: resume it, or start again. Starting a new
 * booking empties the wizard, so a Book link asks first (`guardBookLink`) while a draft exists.
 * `heldPaymentIds` are the checkouts whose lessons are still held: the draft's one is released on
 * Start again, or its lessons would stay held, unpaid, until the hold lapses.
 */
export function useBookingDraftChoice(heldPaymentIds: ReadonlySet<string>) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => readBookingDraft());
  const [isAsking, setAsking] = useState(false);
  const [isStartingAgain, setStartingAgain] = useState(false);
  const release = useReleaseHeldPayment();
  const paymentId = draftHeldPaymentId(draft);
  const holdsLessons = paymentId !== null && heldPaymentIds.has(paymentId);

  async function startAgain() {
    setStartingAgain(true);
    // Best effort: a checkout paid or lapsed meanwhile has nothing left to free.
    if (holdsLessons && paymentId) await release.mutateAsync(paymentId).catch(() => undefined);
    clearBookingDraft();
    setDraft(null);
    setAsking(false);
    setStartingAgain(false);
    navigate(paths.student.book());
  }

  function guardBookLink(event: MouseEvent<HTMLAnchorElement>) {
    if (!draft) return;
    event.preventDefault();
    setAsking(true);
  }

  return {
    /** When the draft was last saved, or null when there is no draft to resume. */
    savedAt: draft ? draft.timestamp : null,
    draftPaymentId: paymentId,
    holdsLessons,
    isAsking,
    setAsking,
    isStartingAgain,
    startAgain,
    guardBookLink,
  };
}
