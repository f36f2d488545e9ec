import type { BookAgainOffer, BookAgainSlot } from "@kerb/shared";
import { useState } from "react";
import { BookAgainConfirmDialog } from "../components/book-again-confirm-dialog";
import { type BookedLesson, type CardPaymentFields, useConfirmBookAgain } from "./use-confirm-book-again";

/**
 * Choose a time, confirm: the state both the dashboard card and the book-again page share. `choose`
 * opens the confirm step for a time; `dialog` is the step itself; `booked` is the lesson once booked.
 * A saved card plugs in through `card`: its label for the summary and its fields for the checkout.
 */
export function useBookAgainFlow(
  offer: BookAgainOffer | null | undefined,
  card?: { label: string; payment: CardPaymentFields },
) {
  const [chosen, setChosen] = useState<BookAgainSlot | null>(null);
  const [booked, setBooked] = useState<BookedLesson | null>(null);
  const confirm = useConfirmBookAgain();

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
