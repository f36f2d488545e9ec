import Check from "lucide-react/icons/check";
import Copy from "lucide-react/icons/copy";
import Link2 from "lucide-react/icons/link-2";
import RefreshCw from "lucide-react/icons/refresh-cw";
import Rss from "lucide-react/icons/rss";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { Input } from "@/components/ui/field";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { useCalendarToken } from "../api/get-calendar-token";
import { useRevokeCalendarToken } from "../api/revoke-calendar-token";
import { useRotateCalendarToken } from "../api/rotate-calendar-token";

type Confirming = "rotate" | "revoke" | null;

function useCopy(resetAfterMs = 2500) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), resetAfterMs);
  };
  return { state, copy };
}

/** The private iCal feed of the instructor's lessons: create, copy, replace or turn off. */
export function CalendarFeedCard() {
  const tokenQuery = useCalendarToken();
  const rotateMutation = useRotateCalendarToken();
  const revokeMutation = useRevokeCalendarToken();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [message, setMessage] = useState<string | null>(null);
  const { state: copyState, copy } = useCopy();
  const inputRef = useRef<HTMLInputElement>(null);

  const active = tokenQuery.data?.active ?? false;
  // The URL exists only in the answer that made it: Kerb keeps the secret's hash, not the secret.
  const url = active ? (rotateMutation.data?.url ?? null) : null;
  const absoluteUrl = url ? new URL(url, window.location.origin).toString() : null;
  const mutationError = rotateMutation.error ?? revokeMutation.error;

  const rotate = (successMessage: string) => {
    revokeMutation.reset();
    rotateMutation.mutate(undefined, {
      onSuccess: () => {
        setConfirming(null);
        setMessage(successMessage);
      },
    });
  };

  const revoke = () => {
    // Also forgets the link it made: once off, nothing shows it.
    rotateMutation.reset();
    revokeMutation.mutate(undefined, {
      onSuccess: () => {
        setConfirming(null);
        setMessage("Calendar feed turned off. The old link no longer works.");
      },
    });
  };

  const feedActions = (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={() => setConfirming("rotate")}
        icon={<RefreshCw className="size-4" aria-hidden="true" />}
      >
        Get a new link
      </Button>
      <Button variant="ghost" size="sm" className="text-red-800" onClick={() => setConfirming("revoke")}>
        Turn off feed
      </Button>
    </div>
  );

  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <Rss className="size-5 text-brand-600" aria-hidden="true" />
            Calendar feed
          </span>
        }
        description="See your Kerb lessons in Google Calendar, Apple Calendar or Outlook: subscribe to your private link (“From URL” or “Subscribe to calendar”)."
      />
      <CardContent className="flex flex-col gap-4">
        {tokenQuery.isPending ? (
          <SkeletonGroup label="Loading your calendar link…">
            <Skeleton className="h-11 w-full" />
          </SkeletonGroup>
        ) : tokenQuery.isError ? (
          <ErrorState title="We couldn't load your calendar link" error={tokenQuery.error} />
        ) : absoluteUrl ? (
          <>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="calendar-feed-url" className="font-medium text-slate-800 text-sm">
                Your private calendar link
              </label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  ref={inputRef}
                  id="calendar-feed-url"
                  readOnly
                  value={absoluteUrl}
                  onFocus={(event) => event.currentTarget.select()}
                  className="font-mono text-sm"
                />
                <Button
                  variant="secondary"
                  className="shrink-0"
                  onClick={() => {
                    inputRef.current?.select();
                    void copy(absoluteUrl);
                  }}
                  icon={
                    copyState === "copied" ? (
                      <Check className="size-4" aria-hidden="true" />
                    ) : (
                      <Copy className="size-4" aria-hidden="true" />
                    )
                  }
                >
                  {copyState === "copied" ? "Copied" : "Copy link"}
                </Button>
              </div>
              <p className="text-slate-600 text-sm" aria-live="polite">
                {copyState === "failed"
                  ? "Copying isn't allowed here: the link is selected, so press Ctrl+C (or ⌘C) to copy it."
                  : "Copy it now: Kerb shows this link only once. Keep it private: anyone with it can see your lesson times and pickup addresses."}
              </p>
            </div>
            {feedActions}
          </>
        ) : active ? (
          <>
            <p className="text-slate-600 text-sm">
              Your calendar feed is on. Kerb keeps only a fingerprint of its private link, so it can't show
              the link again. Lost it? Get a new link: the old one stops working.
            </p>
            {feedActions}
          </>
        ) : (
          <div className="flex flex-col items-start gap-3">
            <p className="text-slate-600 text-sm">Your calendar feed is off.</p>
            <Button
              onClick={() => rotate("Calendar link created. Copy it into your calendar app.")}
              isLoading={rotateMutation.isPending}
              loadingText="Creating…"
              icon={<Link2 className="size-4" aria-hidden="true" />}
            >
              Create calendar link
            </Button>
          </div>
        )}
        {message && !mutationError ? <Alert tone="success">{message}</Alert> : null}
        {mutationError && confirming === null ? (
          <ErrorState title="That didn't work" error={mutationError} />
        ) : null}
      </CardContent>

      <ConfirmDialog
        isOpen={confirming === "rotate"}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Replace your calendar link?"
        confirmLabel="Get a new link"
        pendingLabel="Replacing…"
        isPending={rotateMutation.isPending}
        onConfirm={() =>
          rotate("New calendar link ready. The old link has stopped working: update your calendar app.")
        }
      >
        <p>
          The current link stops working straight away. Calendars subscribed to it stop updating until you add
          the new link.
        </p>
        {rotateMutation.isError ? <ErrorState error={rotateMutation.error} /> : null}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={confirming === "revoke"}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Turn off your calendar feed?"
        confirmLabel="Turn off feed"
        confirmVariant="danger"
        pendingLabel="Turning off…"
        isPending={revokeMutation.isPending}
        onConfirm={revoke}
      >
        <p>
          The link stops working and subscribed calendars stop showing new lessons. You can create a new link
          later.
        </p>
        {revokeMutation.isError ? <ErrorState error={revokeMutation.error} /> : null}
      </ConfirmDialog>
    </Card>
  );
}
