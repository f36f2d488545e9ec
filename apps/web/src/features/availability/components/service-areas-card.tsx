import { zodResolver } from "@hookform/resolvers/zod";
import { type InstructorAvailability, instructorSettingsRequest, SUBURBS } from "@kerb/shared";
import Check from "lucide-react/icons/check";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import { Checkbox, CheckboxGroup, Label, Text } from "react-aria-components";
import { useController, useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { cn } from "@/lib/cn";
import { useUpdateInstructorSettings } from "../api/update-instructor-settings";
import { ChangeResult, useLatestChange } from "./change-result";

// The API's suburb-list rule: known suburbs, at least one, duplicates dropped.
const areasForm = z.object({ suburbs: instructorSettingsRequest.shape.suburbs.unwrap() });
type AreasFormInput = z.input<typeof areasForm>;
type AreasFormValues = z.output<typeof areasForm>;

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/** The suburbs the instructor drives to (the 12 of spec §2), at least one. */
export function ServiceAreasCard({ availability }: { availability: InstructorAvailability }) {
  const mutation = useUpdateInstructorSettings();
  const { isLatest, markLatest } = useLatestChange("areas");
  const { control, handleSubmit, reset } = useForm<AreasFormInput, unknown, AreasFormValues>({
    resolver: zodResolver(areasForm),
    defaultValues: { suburbs: availability.suburbs },
  });
  const {
    field,
    fieldState: { error },
  } = useController({ control, name: "suburbs" });
  const selected = field.value;
  const isDirty = !sameSet(selected, availability.suburbs);

  const onSubmit = handleSubmit((values) => {
    markLatest();
    mutation.mutate(
      { suburbs: values.suburbs },
      { onSuccess: (change) => reset({ suburbs: change.availability.suburbs }) },
    );
  });

  return (
    <Card>
      <CardHeader title="Service areas" description="Students in these suburbs can find and book you." />
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-label="Service areas" className="flex flex-col gap-4">
          <CheckboxGroup
            name={field.name}
            value={selected}
            onChange={(value) => {
              field.onChange(value);
              if (!mutation.isPending) mutation.reset();
            }}
            isInvalid={error !== undefined}
            className="flex flex-col gap-2"
          >
            <Label className="sr-only">Suburbs you serve</Label>
            <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2">
              {SUBURBS.map((suburb) => (
                <Checkbox
                  key={suburb}
                  value={suburb}
                  className={({ isSelected, isFocusVisible }) =>
                    cn(
                      "flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 text-sm transition-colors",
                      isSelected
                        ? "border-brand-600 bg-brand-50 text-brand-900"
                        : "border-slate-200 bg-white text-slate-800 hover:border-slate-300",
                      isFocusVisible && "outline-3 outline-brand-500 outline-offset-2",
                    )
                  }
                >
                  {({ isSelected }) => (
                    <>
                      <span
                        aria-hidden="true"
                        className={cn(
                          "flex size-5 shrink-0 items-center justify-center rounded-md border-2",
                          isSelected
                            ? "border-brand-600 bg-brand-600 text-white"
                            : "border-slate-400 bg-white",
                        )}
                      >
                        {isSelected ? <Check className="size-3.5" strokeWidth={3} /> : null}
                      </span>
                      <span className="font-medium">{suburb}</span>
                    </>
                  )}
                </Checkbox>
              ))}
            </div>
            {error ? (
              <Text slot="errorMessage" className="flex items-start gap-1.5 font-medium text-red-700 text-sm">
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {error.message}
              </Text>
            ) : null}
          </CheckboxGroup>
          {mutation.isError ? (
            <ErrorState title="We couldn't save your service areas" error={mutation.error} />
          ) : null}
          {mutation.isSuccess && isLatest ? (
            <ChangeResult success="Service areas saved." change={mutation.data} />
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-slate-600 text-sm">
              {selected.length} of {SUBURBS.length} suburbs selected
            </p>
            <Button
              type="submit"
              variant={isDirty ? "primary" : "outline"}
              isLoading={mutation.isPending}
              loadingText="Saving…"
            >
              Save service areas
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
