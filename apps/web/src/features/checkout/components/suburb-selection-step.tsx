import { SUBURBS, type Suburb } from "@kerb/shared";
import Check from "lucide-react/icons/check";
import MapPin from "lucide-react/icons/map-pin";
import Search from "lucide-react/icons/search";
import { useId, useMemo, useState } from "react";
import { Radio, RadioGroup } from "react-aria-components";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { StepActions } from "@/components/ui/step-frame";
import { cn } from "@/lib/cn";

const SORTED_SUBURBS = [...SUBURBS].sort((a, b) => a.localeCompare(b, "en-AU"));

function filterSuburbs(search: string): Suburb[] {
  const wanted = search.trim().toLowerCase();
  if (!wanted) return SORTED_SUBURBS;
  return SORTED_SUBURBS.filter((suburb) => suburb.toLowerCase().includes(wanted));
}

type SuburbSelectionStepProps = {
  /** Selected on arrival: the answer given before, or else the student's own suburb from sign-up. */
  suburb: Suburb | null;
  /** A selection not yet confirmed, so the wizard can keep it across a reload. */
  onPick?: (suburb: Suburb) => void;
  onContinue: (suburb: Suburb) => void;
};

export function SuburbSelectionStep({ suburb: savedSuburb, onPick, onContinue }: SuburbSelectionStepProps) {
  const [search, setSearch] = useState("");
  // Until the student picks, the preselection follows what is known (the profile may arrive late).
  const [picked, setPicked] = useState<Suburb | null>(null);
  const suburb = picked ?? savedSuburb;
  const setSuburb = (value: Suburb) => {
    setPicked(value);
    onPick?.(value);
  };
  const matches = useMemo(() => filterSuburbs(search), [search]);
  const groupLabelId = useId();
  const countId = useId();

  return (
    <div className="flex flex-col gap-6">
      <Field label="Search suburbs" hint="We currently teach in 12 Sydney suburbs.">
        {(control) => (
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <Input
              {...control}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="e.g. Parramatta"
              autoComplete="off"
              className="pl-11"
              aria-controls={countId}
            />
          </div>
        )}
      </Field>

      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={groupLabelId} className="font-semibold text-lg text-slate-900">
            Suburb
          </h2>
          <p id={countId} className="text-slate-600 text-sm" aria-live="polite">
            {matches.length === SORTED_SUBURBS.length
              ? `${matches.length} suburbs`
              : `${matches.length} of ${SORTED_SUBURBS.length} suburbs`}
          </p>
        </div>
        {matches.length === 0 ? (
          <p className="rounded-2xl border border-slate-300 border-dashed bg-white px-4 py-8 text-center text-slate-700">
            No suburbs found matching "{search.trim()}"
          </p>
        ) : (
          <RadioGroup
            aria-labelledby={groupLabelId}
            // A selection the search hides must not keep the group's Tab stop: the group would then
            // have none, and the keyboard could not reach the suburbs shown (it says "Selected" below).
            value={suburb && matches.includes(suburb) ? suburb : null}
            onChange={(value) => setSuburb(value as Suburb)}
          >
            <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 md:grid-cols-3">
              {matches.map((name) => (
                <Radio
                  key={name}
                  value={name}
                  className={({ isSelected, isFocusVisible }) =>
                    cn(
                      "flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border-2 bg-white px-4 py-2 font-medium transition-colors",
                      isSelected
                        ? "border-brand-600 bg-brand-50 text-brand-900"
                        : "border-slate-200 text-slate-800 hover:border-slate-300",
                      isFocusVisible && "outline-3 outline-brand-500 outline-offset-2",
                    )
                  }
                >
                  {({ isSelected }) => (
                    <>
                      <MapPin className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                      <span className="flex-1">{name}</span>
                      {isSelected ? (
                        <Check className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
                      ) : null}
                    </>
                  )}
                </Radio>
              ))}
            </div>
          </RadioGroup>
        )}
        {suburb && !matches.includes(suburb) ? (
          <p className="text-slate-600 text-sm">
            Selected: <span className="font-semibold text-slate-900">{suburb}</span>
          </p>
        ) : null}
      </div>

      <StepActions>
        <Button
          size="lg"
          disabled={suburb === null}
          onClick={() => suburb && onContinue(suburb)}
          className="sm:min-w-40"
        >
          Continue
        </Button>
      </StepActions>
    </div>
  );
}
