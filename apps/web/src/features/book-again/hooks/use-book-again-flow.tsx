import type { BookAgainOffer, BookAgainSlot } from "@kerb/shared";
import { useState } from "react";
import { savedCardLabel, useSavedCards } from "@/features/saved-cards";
import { isApiError } from "@/lib/api-error";
import { BookAgainConfirmDialog } from "../components/book-again-confirm-dialog";
import { type BookedLesson, type CardPaymentFields, useConfirmBookAgain } from "./use-confirm-book-again";

/**
 * Choose a time, confirm: the state both the dashboard card and the book-again page share. `choose`
 * opens the confirm step for a time; `dialog` is the step itself; `booked` is the lesson once booked.
 * Paid by card, the learner's saved card pays off-session (decision 041) so confirming books the time;
 * once that card is declined it is not offered again and Confirm goes to the card page instead.
 */
export function useBookAgainFlow(offer: BookAgainOffer | null | undefined) {
  const [chosen, setChosen] = useState<BookAgainSlot | null>(null);
  const [booked, setBooked] = useState<BookedLesson | null>(null);
  const [isCardDeclined, setCardDeclined] = useState(false);
  const confirm = useConfirmBookAgain();
  const savedCards = useSavedCards("student");
  const savedCard = isCardDeclined ? undefined : savedCards.data?.cards[0];
  const card: { label: string; payment: CardPaymentFields } | undefined = savedCard
    ? { label: savedCardLabel(savedCard), payment: { savedCardId: savedCard.id } }
    : undefined;

  const choose = (slot: BookAgainSlot) => {
    confirm.reset();
    setBooked(null);
    setChosen(slot);
  };
  const close = () => {
    confirm.reset();
    setChosen(null);
  };
  const submit = () => {
    if (!offer || !chosen) return;
    confirm.mutate(
      { offer, slot: chosen, cardPayment: card?.payment },
      {
        onSuccess: (result) => {
          if (result.kind !== "booked") return;
          setBooked(result.lesson);
          setChosen(null);
        },
        onError: (error) => {
          // Nothing was booked and the time was let go; the dialog says why and offers the card page.
          if (isApiError(error) && error.code === "card_declined") setCardDeclined(true);
        },
      },
    );
  };

  const dialog = offer ? (
    <BookAgainConfirmDialog
      offer={offer}
      slot={chosen}
      onClose={close}
      onConfirm={submit}
      // Still pending while the browser leaves for the card page.
      isPending={confirm.isPending || confirm.data?.kind === "redirecting"}
      error={confirm.error}
      cardLabel={card?.label}
    />
  ) : null;
  return { choose, dialog, booked };
}
