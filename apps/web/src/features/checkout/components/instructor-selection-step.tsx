import type { InstructorListing } from "@kerb/shared";
import Check from "lucide-react/icons/check";
import UsersRound from "lucide-react/icons/users-round";
import Wand2 from "lucide-react/icons/wand-sparkles";
import { useState } from "react";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { StepActions } from "@/components/ui/step-frame";
import {
  type GetInstructorsQuery,
  InstructorCard,
  InstructorListSkeleton,
  useInstructors,
} from "@/features/availability";
import { cn } from "@/lib/cn";
import { type InstructorTab, orderInstructors } from "../model/instructor-order";
import { type Flow, instructorName, type SelectedInstructor } from "../model/wizard-state";

const TABS: { id: InstructorTab; label: string }[] = [
  { id: "recommended", label: "Recommended for You" },
  { id: "best_value", label: "Best Value" },
  { id: "top_rated", label: "Top Rated" },
];

function toSelection(instructor: InstructorListing, autoMatch: boolean): SelectedInstructor {
  return {
    id: instructor.id,
    firstName: instructor.firstName,
    lastName: instructor.lastName,
    standardRate: instructor.standardRate,
    poolRate: instructor.poolRate,
    autoMatch,
  };
}

type InstructorSelectionStepProps = {
  flow: Flow;
  query: GetInstructorsQuery;
  selected: SelectedInstructor | null;
  /** A choice not yet confirmed, so the wizard can keep it across a reload. */
  onPick?: (instructor: SelectedInstructor) => void;
  onContinue: (instructor: SelectedInstructor) => void;
  onChangeSuburb: () => void;
};

export function InstructorSelectionStep({
  flow,
  query,
  selected: savedSelection,
  onPick,
  onContinue,
  onChangeSuburb,
}: InstructorSelectionStepProps) {
  const instructorsQuery = useInstructors(query);
  const [tab, setTab] = useState<InstructorTab>("recommended");
  const [selected, setSelectedState] = useState<SelectedInstructor | null>(savedSelection);
  const setSelected = (instructor: SelectedInstructor) => {
    setSelectedState(instructor);
    onPick?.(instructor);
  };
  const instructors = instructorsQuery.data ?? [];
  const bestMatch = instructors[0] ?? null;

  // In both flows Auto-Match is the best match: a bundle's credits are spent with one instructor.
  function autoMatch() {
    if (bestMatch) setSelected(toSelection(bestMatch, true));
  }

  const isAutoMatch = selected?.autoMatch === true;
  const bestMatchName = bestMatch ? `${bestMatch.firstName} ${bestMatch.lastName}` : null;
  const autoMatchDescription =
    flow === "bundle"
      ? bestMatchName
        ? `Your bundle goes to your best match, ${bestMatchName}: you book its lessons in their calendar.`
        : "Your bundle goes to your best match: you book its lessons in their calendar."
      : bestMatchName
        ? `We'll book you with your best match, ${bestMatchName}.`
        : "We'll book you with your best match.";

  if (instructorsQuery.isError) {
    return (
      <ErrorState
        title="We couldn't load instructors"
        error={instructorsQuery.error}
        onRetry={() => instructorsQuery.refetch()}
        isRetrying={instructorsQuery.isFetching}
      />
    );
  }

  if (instructorsQuery.isSuccess && instructors.length === 0) {
    return (
      <EmptyState
        icon={<UsersRound className="size-6" />}
        title={`No instructors teach in ${query.suburb} yet`}
        description="Try a nearby suburb: our instructors cover all 12 of our Sydney suburbs between them."
        action={<Button onClick={onChangeSuburb}>Choose another suburb</Button>}
      />
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div
        className={cn(
          "flex flex-col gap-3 rounded-2xl border-2 bg-white p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5",
          isAutoMatch ? "border-brand-600 ring-4 ring-brand-100" : "border-dashed border-slate-300",
        )}
      >
        <div className="flex items-start gap-3">
          <Wand2 className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <div className="flex flex-col gap-0.5">
            <p className="font-semibold text-slate-900">Not sure who to choose?</p>
            <p className="text-slate-600 text-sm">{autoMatchDescription}</p>
          </div>
        </div>
        <Button
          variant={isAutoMatch ? "primary" : "secondary"}
          aria-pressed={isAutoMatch}
          onClick={autoMatch}
          disabled={!bestMatch}
          icon={isAutoMatch ? <Check className="size-5" aria-hidden="true" /> : undefined}
          className="shrink-0"
        >
          Auto-Match
        </Button>
      </div>

      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as InstructorTab)}>
        <TabList
          aria-label="Sort instructors"
          className="grid grid-cols-3 gap-1 rounded-2xl bg-slate-100 p-1"
        >
          {TABS.map((t) => (
            <Tab
              key={t.id}
              id={t.id}
              className={({ isSelected, isFocusVisible }) =>
                cn(
                  "flex min-h-11 cursor-pointer items-center justify-center rounded-xl px-2 py-1.5 text-center font-semibold text-sm leading-tight transition-colors sm:text-base",
                  isSelected ? "bg-white text-brand-800 shadow-sm" : "text-slate-600 hover:text-slate-900",
                  isFocusVisible && "outline-3 outline-brand-500 outline-offset-2",
                )
              }
            >
              {t.label}
            </Tab>
          ))}
        </TabList>
        {TABS.map((t) => (
          <TabPanel key={t.id} id={t.id} className="pt-5 outline-none">
            {instructorsQuery.isPending ? (
              <InstructorListSkeleton />
            ) : (
              <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label={`Instructors, ${t.label}`}>
                {orderInstructors(instructors, t.id).map((instructor) => (
                  <InstructorCard
                    key={instructor.id}
                    instructor={instructor}
                    isBestMatch={instructor.id === bestMatch?.id}
                    isSelected={!isAutoMatch && selected?.id === instructor.id}
                    onSelect={() => setSelected(toSelection(instructor, false))}
                  />
                ))}
              </ul>
            )}
          </TabPanel>
        ))}
      </Tabs>

      <StepActions className="sticky bottom-0 z-10 -mx-4 bg-slate-50/95 px-4 pb-4 backdrop-blur sm:static sm:mx-0 sm:bg-transparent sm:px-0 sm:pb-0">
        <p className="text-center text-slate-600 text-sm sm:mr-auto sm:text-left" aria-live="polite">
          {selected
            ? isAutoMatch
              ? `Selected: Auto-Match (${instructorName(selected)})`
              : `Selected: ${instructorName(selected)}`
            : "Choose an instructor or Auto-Match to continue."}
        </p>
        <Button
          size="lg"
          disabled={selected === null}
          onClick={() => selected && onContinue(selected)}
          className="sm:min-w-40"
        >
          Continue
        </Button>
      </StepActions>
    </div>
  );
}
