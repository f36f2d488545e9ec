import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { SelectField, TextField } from "@/components/ui/field";
import { StatusMessage, type StatusNote } from "@/components/ui/status-message";
import { useCreateTimeAlert } from "../api/create-time-alert";
import {
  type AlertDraft,
  type AlertDraftErrors,
  LENGTH_OPTIONS,
  readAlertDraft,
  WEEKDAY_OPTIONS,
} from "../model/alert-form";

type TimeAlertFormProps = {
  initial: AlertDraft;
  /** Sydney's today, YYYY-MM-DD. */
  today: string;
  suburb: string | null;
  /** The instructors the learner may choose (theirs, and the one they came from). */
  instructors: Array<{ id: string; name: string }>;
  onCreated?: () => void;
};

/** "Tell me about earlier times": an instructor or any in the suburb, the dates, times of day and length. */
export function TimeAlertForm({ initial, today, suburb, instructors, onCreated }: TimeAlertFormProps) {
  const [draft, setDraft] = useState<AlertDraft>(initial);
  const [errors, setErrors] = useState<AlertDraftErrors>({});
  const [note, setNote] = useState<StatusNote | null>(null);
  const create = useCreateTimeAlert();
  const edit = (change: Partial<AlertDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setErrors({});
    setNote(null);
  };
  const toggleDay = (day: number) =>
    edit({
      weekdays: draft.weekdays.includes(day)
        ? draft.weekdays.filter((d) => d !== day)
        : [...draft.weekdays, day],
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readAlertDraft(draft, today);
    if (read.errors) {
      setErrors(read.errors);
      return;
    }
    try {
      await create.mutateAsync(read.request);
      // Set: the form starts afresh (a second tap would only make a twin) and says what happens next.
      setDraft(initial);
      setNote({
        id: Date.now(),
        text: "Alert set. We'll email you when a matching time opens; it is listed under Your alerts.",
      });
      onCreated?.();
    } catch {
      // Shown below the form.
    }
  };

  const anyone = suburb ? `Any instructor in ${suburb}` : "Any instructor in my suburb";
  return (
    <form
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      onSubmit={submit}
      noValidate
      aria-label="New alert"
    >
      <SelectField
        className="sm:col-span-2"
        label="Instructor"
        options={[{ value: "", label: anyone }, ...instructors.map((i) => ({ value: i.id, label: i.name }))]}
        value={draft.instructorId}
        onChange={(event) => edit({ instructorId: event.target.value })}
      />
      <TextField
        label="From"
        hint="DD/MM/YYYY"
        inputMode="numeric"
        value={draft.fromDate}
        error={errors.fromDate}
        onChange={(event) => edit({ fromDate: event.target.value })}
      />
      <TextField
        label="To"
        hint="DD/MM/YYYY"
        inputMode="numeric"
        value={draft.toDate}
        error={errors.toDate}
        onChange={(event) => edit({ toDate: event.target.value })}
      />
      <TextField
        label="Earliest start (optional)"
        type="time"
        step={1800}
        value={draft.fromTime}
        error={errors.fromTime}
        onChange={(event) => edit({ fromTime: event.target.value })}
      />
      <TextField
        label="Latest finish (optional)"
        type="time"
        step={1800}
        value={draft.toTime}
        error={errors.toTime}
        onChange={(event) => edit({ toTime: event.target.value })}
      />
      <fieldset className="sm:col-span-2">
        <legend className="font-medium text-slate-800 text-sm">Days (none ticked: any day)</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {WEEKDAY_OPTIONS.map((day) => (
            <label
              key={day.value}
              className="flex min-h-11 items-center gap-2 rounded-xl border border-slate-300 px-3 text-sm"
            >
              <input
                type="checkbox"
                className="size-5 accent-brand-600"
                checked={draft.weekdays.includes(day.value)}
                onChange={() => toggleDay(day.value)}
              />
              {day.label}
            </label>
          ))}
        </div>
      </fieldset>
      <SelectField
        label="Lesson length"
        options={LENGTH_OPTIONS}
        value={draft.lessonMinutes}
        onChange={(event) => edit({ lessonMinutes: event.target.value })}
      />
      <div className="sm:col-span-2">
        <StatusMessage note={note} />
      </div>
      {create.error ? (
        <ErrorState className="sm:col-span-2" title="We couldn't set that alert" error={create.error} />
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" isLoading={create.isPending}>
          Tell me about earlier times
        </Button>
      </div>
    </form>
  );
}
