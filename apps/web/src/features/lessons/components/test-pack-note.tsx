import {
  type InstructorLesson,
  NOT_TAKEN_NEEDS_NOTE,
  TEST_OUTCOME_NOTE_MAX_LENGTH,
  type TestPackOutcome,
} from "@kerb/shared";
import { type FormEvent, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { SelectField, TextField } from "@/components/ui/field";
import { useRecordTestOutcome } from "../api/record-test-outcome";

const OUTCOME_OPTIONS: { value: TestPackOutcome; label: string }[] = [
  { value: "PASSED", label: "Passed" },
  { value: "FAILED", label: "Not passed" },
  { value: "NOT_TAKEN", label: "Test not taken" },
];
const outcomeLabel = (outcome: TestPackOutcome) => OUTCOME_OPTIONS.find((o) => o.value === outcome)?.label;

/**
 * On a driving-test package (issue 33): the lesson is the whole block, so say where and when the test is;
 * from the test time on, the instructor records how it went (a pass or a fail also completes the block).
 */
export function TestPackNote({
  lesson,
  now,
  onNotice,
}: {
  lesson: InstructorLesson;
  now: number;
  onNotice: (message: string) => void;
}) {
  const pack = lesson.testPack;
  const mutation = useRecordTestOutcome();
  const [outcome, setOutcome] = useState<TestPackOutcome | "">("");
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState<string | undefined>();
  if (!pack) return null;
  const canRecord =
    new Date(pack.testAt).getTime() <= now &&
    (lesson.status === "SCHEDULED" || lesson.status === "COMPLETED");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome) return;
    if (outcome === "NOT_TAKEN" && !note.trim()) {
      setNoteError(NOT_TAKEN_NEEDS_NOTE);
      return;
    }
    setNoteError(undefined);
    mutation.mutate(
      { lessonId: lesson.id, body: { outcome, ...(note.trim() ? { note: note.trim() } : {}) } },
      {
        onSuccess: () => {
          onNotice(
            `Test result recorded for ${lesson.student.firstName}: ${outcomeLabel(outcome)?.toLowerCase()}.`,
          );
          setOutcome("");
          setNote("");
        },
      },
    );
  };

  return (
    <section
      aria-label="Driving test package"
      className="flex flex-col gap-2 rounded-xl bg-sky-50 p-3 text-sm"
    >
      <p className="text-slate-800">
        {/* The centre and test time are on the lesson's label (test-pack-label.tsx) just above. */}
        {pack.includesWarmUp
          ? "A 60-minute warm-up lesson first, then the test."
          : "Straight to the test: no warm-up."}
        {pack.outcome ? (
          <Badge className="ml-2" tone={pack.outcome === "PASSED" ? "success" : "neutral"}>
            {outcomeLabel(pack.outcome)}
          </Badge>
        ) : null}
      </p>
      {canRecord ? (
        <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={submit}>
          <SelectField
            label={pack.outcome ? "Change the result" : "How did the test go?"}
            options={OUTCOME_OPTIONS}
            placeholder="Choose"
            value={outcome}
            onChange={(event) => setOutcome(event.target.value as TestPackOutcome | "")}
          />
          <TextField
            label="Note (why it was not taken)"
            value={note}
            maxLength={TEST_OUTCOME_NOTE_MAX_LENGTH}
            error={noteError}
            onChange={(event) => setNote(event.target.value)}
          />
          <Button type="submit" size="sm" disabled={!outcome} isLoading={mutation.isPending}>
            Record result
          </Button>
        </form>
      ) : null}
      {mutation.error ? <ErrorState title="The result was not recorded" error={mutation.error} /> : null}
    </section>
  );
}
