import type { SavedCard } from "@kerb/shared";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { StatusMessage } from "@/components/ui/status-message";
import { useStatusNote } from "@/components/ui/use-status-note";
import { errorMessage } from "@/lib/api-error";
import { cn } from "@/lib/cn";
import { useConfirmCardSetup } from "../api/confirm-card-setup";
import { useSavedCards } from "../api/get-saved-cards";
import { useRemoveSavedCard } from "../api/remove-saved-card";
import type { CardOwner } from "../api/saved-card-owner";
import { useStartCardSetup } from "../api/start-card-setup";
import { savedCardExpiry, savedCardLabel } from "./saved-card-label";

function SavedCardRow({
  owner,
  card,
  onRemoved,
}: {
  owner: CardOwner;
  card: SavedCard;
  onRemoved: (card: SavedCard) => void;
}) {
  const remove = useRemoveSavedCard(owner);
  const [isConfirming, setConfirming] = useState(false);
  const label = savedCardLabel(card);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex min-w-0 flex-col">
        <p className="font-semibold text-slate-900">{label}</p>
        <p className="text-slate-600 text-sm">Expires {savedCardExpiry(card)}</p>
      </div>
      <div className="flex items-center gap-2">
        {card.provider === "demo" ? <Badge tone="neutral">Demo: no real card</Badge> : null}
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          Remove <span className="sr-only">{label}</span>
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) remove.reset();
        }}
        title={`Remove ${label}?`}
        confirmLabel="Remove card"
        confirmVariant="danger"
        isPending={remove.isPending}
        pendingLabel="Removing…"
        onConfirm={() =>
          remove.mutate(card.id, {
            onSuccess: () => {
              setConfirming(false);
              onRemoved(card);
            },
          })
        }
      >
        <p>
          It won't be offered or charged again. Payments already made with it, their tax invoices and any
          refunds stay as they are.
        </p>
        {remove.isError ? (
          <Alert tone="error" title="We couldn't remove the card">
            {errorMessage(remove.error, "Please try again in a moment.")}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </li>
  );
}

/**
 * Back from the card provider's page (`?card_setup=return&session_id=…`): the server is asked to check
 * the card with the provider, once, and the marker leaves the address so a reload does not ask again.
 */
function useCardSetupReturn(owner: CardOwner, announce: ReturnType<typeof useStatusNote>["announce"]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const confirm = useConfirmCardSetup(owner);
  const handled = useRef(false);
  const marker = searchParams.get("card_setup");
  const sessionId = searchParams.get("session_id");
  useEffect(() => {
    if (!marker || handled.current) return;
    handled.current = true;
    setSearchParams(
      (params) => {
        params.delete("card_setup");
        params.delete("session_id");
        return params;
      },
      { replace: true },
    );
    if (marker !== "return" || !sessionId) {
      announce("No card was saved.");
      return;
    }
    confirm.mutate(sessionId, {
      onSuccess: ({ card }) => announce(`${savedCardLabel(card)} is saved for your next payment.`),
      onError: (error) =>
        announce(errorMessage(error, "We couldn't save the card. Please try again."), "error"),
    });
  }, [marker, sessionId, setSearchParams, confirm, announce]);
  return confirm.isPending;
}

/**
 * "Saved cards" on a learner's or guardian's account page (decision 041): their cards by brand, last
 * four digits and expiry, removal with a confirmation, and saving a new one on the card provider's own
 * page (in demo mode a demo card, said so).
 */
export function SavedCardsCard({ owner }: { owner: CardOwner }) {
  const query = useSavedCards(owner);
  const start = useStartCardSetup(owner);
  const { note, announce } = useStatusNote();
  const isConfirming = useCardSetupReturn(owner, announce);

  const save = () =>
    start.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.setupUrl) window.location.assign(answer.setupUrl);
        else if (answer.card) announce(`${savedCardLabel(answer.card)} is saved (demo mode: no real card).`);
      },
      onError: (error) =>
        announce(errorMessage(error, "We couldn't start saving a card. Please try again."), "error"),
    });

  return (
    <Card>
      <CardHeader
        title="Saved cards"
        description="Pay for lessons without typing your card again. Cards are kept by our card provider; we only see the brand, last four digits and expiry."
      />
      <CardContent>
        <StatusMessage note={note} />
        <div className={cn("flex flex-col gap-6", note && "mt-5")}>
          {query.isPending || isConfirming ? (
            <SkeletonGroup label={isConfirming ? "Checking your card…" : "Loading your saved cards…"}>
              <Skeleton className="h-14 w-full" />
            </SkeletonGroup>
          ) : query.isError ? (
            <ErrorState
              title="We couldn't load your saved cards"
              error={query.error}
              onRetry={() => void query.refetch()}
              isRetrying={query.isFetching}
            />
          ) : query.data.cards.length === 0 ? (
            <p className="text-slate-600 text-sm">You have no saved cards.</p>
          ) : (
            <ul aria-label="Your saved cards" className="flex flex-col divide-y divide-slate-100">
              {query.data.cards.map((card) => (
                <SavedCardRow
                  key={card.id}
                  owner={owner}
                  card={card}
                  onRemoved={(removed) => announce(`${savedCardLabel(removed)} was removed.`)}
                />
              ))}
            </ul>
          )}
          <div>
            <Button variant="outline" onClick={save} isLoading={start.isPending} loadingText="Opening…">
              Save a card
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
