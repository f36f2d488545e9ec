import {
  DEMO_PAYMENT_DELAY_MS,
  type SeriesWeekPreview,
  type Suburb,
  WEEKLY_SERIES_MAX_WEEKS,
  WEEKLY_SERIES_MIN_WEEKS,
  type WeeklySeriesPreview,
  type WeeklySeriesRequest,
} from "@kerb/shared";
import {
  centsToDollars,
  consumerPriceCents,
  dollarsToCents,
  formatAud,
  sydneyDateOf,
} from "@kerb/shared/rules";
import { useQueryClient } from "@tanstack/react-query";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorState } from "@/components/ui/error-state";
import { SelectField } from "@/components/ui/field";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { savedCardLabel, useSavedCards } from "@/features/saved-cards";
import { isApiError } from "@/lib/api-error";
import { formatDollars, formatIsoDateWithWeekday, formatTime, formatWeekday } from "@/lib/format";
import { scopeKeys } from "@/lib/query-keys";
import { useConfirmBatchBooking } from "../api/confirm-batch-booking";
import { useBookWeeklySeries, useWeeklySeriesPreview } from "../api/weekly-series";
import {
  choiceValue,
  initialChoices,
  seriesTotals,
  toBookRequest,
  type WeekChoices,
} from "../model/weekly-series";

const WEEK_OPTIONS = Array.from({ length: WEEKLY_SERIES_MAX_WEEKS - WEEKLY_SERIES_MIN_WEEKS + 1 }, (_, i) => {
  const n = WEEKLY_SERIES_MIN_WEEKS + i;
  return { value: String(n), label: `${n} weeks` };
});

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type WeeklySeriesDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  instructor: { id: string; firstName: string };
  suburb: Suburb;
  /** The first lesson: its weekday and Sydney time are every week's. */
  firstLesson: { startTime: string; endTime: string };
  pickupLocation?: string | null;
  /** Paid (demo mode): the sentence to show where the learner lands. */
  onPaid: (message: string) => void;
};

/**
 * "Repeat weekly" (issue 34): the learner picks how many weeks, sees every week as the server planned it
 * (a flagged week says why and offers the instructor's other times that week, or is skipped), the total
 * incl. GST, then pays once for all of it.
 */
export function WeeklySeriesDialog({
  isOpen,
  onOpenChange,
  instructor,
  suburb,
  firstLesson,
  pickupLocation,
  onPaid,
}: WeeklySeriesDialogProps) {
  const [weeks, setWeeks] = useState(6);
  const request: WeeklySeriesRequest = {
    instructorId: instructor.id,
    startTime: firstLesson.startTime,
    endTime: firstLesson.endTime,
    weeks,
    suburb,
    ...(pickupLocation ? { pickupLocation } : {}),
  };
  const preview = useWeeklySeriesPreview(request, { enabled: isOpen });
  const [choices, setChoices] = useState<WeekChoices | null>(null);
  const [phase, setPhase] = useState<"idle" | "paying" | "redirecting">("idle");
  const book = useBookWeeklySeries();
  const confirm = useConfirmBatchBooking();
  const queryClient = useQueryClient();
  // A saved card pays the series off-session (decision 041); once declined, the card page does instead.
  const savedCards = useSavedCards("student", { enabled: isOpen });
  const [isCardDeclined, setCardDeclined] = useState(false);
  const savedCard = isCardDeclined ? undefined : savedCards.data?.cards[0];

  // A new plan (another number of weeks, or asked again) starts from its own defaults.
  useEffect(() => {
    setChoices(preview.data ? initialChoices(preview.data) : null);
  }, [preview.data]);

  const totals = preview.data && choices ? seriesTotals(preview.data, choices) : null;

  async function pay() {
    if (!preview.data || !choices || phase !== "idle") return;
    setPhase("paying");
    try {
      const started = await book.mutateAsync({
        ...toBookRequest(request, preview.data, choices),
        ...(savedCard ? { savedCardId: savedCard.id } : {}),
      });
      if (started.paymentUrl) {
        setPhase("redirecting");
        window.location.assign(started.paymentUrl);
        return;
      }
      // Charged off-session and booked already, confirming again only refreshes; demo mode pretends to
      // process the card first, as the wizard does.
      if (started.savedCard?.status !== "paid") await wait(DEMO_PAYMENT_DELAY_MS);
      await confirm.mutateAsync(started.payment.id);
      void queryClient.invalidateQueries({ queryKey: scopeKeys.student });
      const count = totals?.lessons ?? 0;
      onPaid(`Weekly lesson booked: ${count} lessons with ${instructor.firstName}, paid in one payment.`);
    } catch (error) {
      // A refusal (a week taken meanwhile, a price changed, the card declined) is shown below; the plan
      // is asked again.
      if (isApiError(error) && error.code === "card_declined") setCardDeclined(true);
      void preview.refetch();
    } finally {
      setPhase((p) => (p === "redirecting" ? p : "idle"));
    }
  }

  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) book.reset();
        onOpenChange(open);
      }}
      kind="form"
      title="Repeat weekly"
      description={`Every ${formatWeekday(firstLesson.startTime)} at ${formatTime(firstLesson.startTime)} with ${instructor.firstName}, the same time each week`}
      confirmLabel={
        totals && totals.lessons > 0 ? `Pay ${formatDollars(centsToDollars(totals.totalCents))}` : "Pay"
      }
      pendingLabel={phase === "redirecting" ? "Opening the payment page…" : "Paying…"}
      isPending={phase !== "idle"}
      isConfirmDisabled={!totals || totals.lessons === 0 || preview.isFetching}
      onConfirm={() => void pay()}
      cancelLabel="Back"
    >
      <SelectField
        label="Number of weeks"
        options={WEEK_OPTIONS}
        value={String(weeks)}
        onChange={(e) => setWeeks(Number(e.target.value))}
      />
      {preview.isPending ? (
        <SkeletonGroup label="Checking every week…">
          <Skeleton className="h-12 w-full rounded-xl" />
          <Skeleton className="h-12 w-full rounded-xl" />
          <Skeleton className="h-12 w-full rounded-xl" />
        </SkeletonGroup>
      ) : preview.isError ? (
        <ErrorState title="We couldn't plan your weekly lesson" error={preview.error} />
      ) : choices ? (
        <WeekList
          preview={preview.data}
          choices={choices}
          onChoose={(week, value) => {
            const flagged = preview.data.weeks.find((w) => w.week === week);
            const time = flagged?.alternatives.find((a) => a.startTime === value);
            setChoices({ ...choices, [week]: time ? { action: "move", time } : { action: "skip" } });
          }}
          onToggle={(week, keep) =>
            setChoices({ ...choices, [week]: keep ? { action: "keep" } : { action: "skip" } })
          }
        />
      ) : null}
      {totals ? (
        <dl
          aria-label="Total"
          className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 bg-slate-50 px-4"
        >
          <Row
            term={`${totals.lessons} ${totals.lessons === 1 ? "lesson" : "lessons"}`}
            value={totals.subtotalCents}
          />
          <Row term="GST" value={totals.gstCents} />
          <Row term="Total incl. GST" value={totals.totalCents} strong />
        </dl>
      ) : null}
      {savedCard ? (
        <p className="text-slate-600 text-sm">
          Paid with your saved {savedCardLabel(savedCard)}, in one payment.
        </p>
      ) : null}
      {book.isError || confirm.isError ? (
        <ErrorState title="Payment failed. Please try again." error={book.error ?? confirm.error} />
      ) : null}
    </ConfirmDialog>
  );
}

/** A week's price as learners see prices everywhere else: the GST-inclusive total. */
function inclGst(exGstDollars: number): string {
  return `${formatAud(consumerPriceCents(dollarsToCents(exGstDollars)))} incl. GST`;
}

function Row({ term, value, strong = false }: { term: string; value: number; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className={strong ? "font-semibold text-slate-900" : "text-slate-600"}>{term}</dt>
      <dd className="text-right font-semibold text-slate-900 tabular-nums">
        {formatDollars(centsToDollars(value))}
      </dd>
    </div>
  );
}

function WeekList({
  preview,
  choices,
  onChoose,
  onToggle,
}: {
  preview: WeeklySeriesPreview;
  choices: WeekChoices;
  onChoose: (week: number, value: string) => void;
  onToggle: (week: number, keep: boolean) => void;
}) {
  return (
    <ol aria-label="Your weeks" className="flex flex-col gap-2">
      {preview.weeks.map((w) => (
        <WeekItem key={w.week} week={w} choice={choices[w.week]} onChoose={onChoose} onToggle={onToggle} />
      ))}
    </ol>
  );
}

function WeekItem({
  week,
  choice,
  onChoose,
  onToggle,
}: {
  week: SeriesWeekPreview;
  choice: WeekChoices[number] | undefined;
  onChoose: (week: number, value: string) => void;
  onToggle: (week: number, keep: boolean) => void;
}) {
  const title = `Week ${week.week} · ${formatIsoDateWithWeekday(week.date)}`;
  if (week.available && week.price !== null) {
    const kept = choice?.action === "keep";
    return (
      <li className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 p-3">
        <label className="flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            checked={kept}
            onChange={(e) => onToggle(week.week, e.target.checked)}
          />
          <span>
            <span className="block font-medium text-slate-900">{title}</span>
            <span className="text-slate-600">{week.startTime ? formatTime(week.startTime) : ""}</span>
          </span>
        </label>
        <span className="shrink-0 text-right">
          <span
            className={`block whitespace-nowrap tabular-nums ${kept ? "font-semibold text-slate-900" : "text-slate-400 line-through"}`}
          >
            {formatAud(consumerPriceCents(dollarsToCents(week.price)))}
          </span>
          <span className="block text-slate-500 text-xs">incl. GST</span>
        </span>
      </li>
    );
  }
  const options = [
    { value: "skip", label: "Skip this week" },
    ...week.alternatives.map((a) => ({
      value: a.startTime,
      label: `${formatIsoDateWithWeekday(sydneyDateOf(new Date(a.startTime)))} at ${formatTime(a.startTime)} · ${inclGst(a.price)}`,
    })),
  ];
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3">
      <p className="flex items-start gap-2 text-amber-950 text-sm">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <span className="block font-medium">{title}</span>
          {week.reason?.message}
        </span>
      </p>
      <SelectField
        label={`Week ${week.week}: skip or take another time`}
        options={options}
        value={choiceValue(choice)}
        onChange={(e) => onChoose(week.week, e.target.value)}
      />
    </li>
  );
}
