import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";

/** The attributes a control needs to be tied to its label, hint and error. */
type FieldControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
};

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** Render prop: spread the given props onto the control. */
  children: (control: FieldControlProps) => ReactNode;
};

/** Label above the control, hint and error below it, all wired up for screen readers. */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="font-medium text-slate-800 text-sm">
        {label}
      </label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {hint && !error ? (
        <p id={hintId} className="text-slate-600 text-sm">
          {hint}
        </p>
      ) : null}
      {hint && error ? (
        <p id={hintId} className="sr-only">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 font-medium text-red-700 text-sm">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

const controlClasses = cn(
  "block min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2 text-base text-slate-900 shadow-xs",
  "placeholder:text-slate-400 transition-colors",
  "hover:border-slate-400 focus:border-brand-600 focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40",
  "disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500",
  "aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus-visible:outline-red-600/30",
);

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(controlClasses, className)} {...props} />;
}

export type SelectOption = { value: string; label: string };

type SelectProps = ComponentProps<"select"> & { options: readonly SelectOption[]; placeholder?: string };

export function Select({ className, options, placeholder, ...props }: SelectProps) {
  return (
    <select
      className={cn(
        controlClasses,
        "appearance-none bg-[length:1.25rem] bg-[right_0.75rem_center] bg-no-repeat pr-10",
        // A chevron drawn with an inline SVG so the native select keeps its platform picker on phones.
        "bg-[url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20' fill='%23475569'%3E%3Cpath fill-rule='evenodd' d='M5.23 7.21a.75.75 0 011.06.02L10 11.06l3.71-3.83a.75.75 0 111.08 1.04l-4.25 4.39a.75.75 0 01-1.08 0L5.21 8.27a.75.75 0 01.02-1.06z' clip-rule='evenodd'/%3E%3C/svg%3E\")]",
        className,
      )}
      {...props}
    >
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/**
 * A free-text box (a reason, a note, a bio): the look every textarea shares, with its own additions
 * (an error border, hover) joined on where it is used.
 */
export const textareaClasses = cn(
  "block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2 text-base text-slate-900 shadow-xs",
  "focus:border-brand-600 focus-visible:outline-3 focus-visible:outline-brand-500/40",
);

type TextFieldProps = ComponentProps<"input"> & { label: ReactNode; hint?: ReactNode; error?: string };

export function TextField({ label, hint, error, className, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <Input {...inputProps} {...control} />}
    </Field>
  );
}

type SelectFieldProps = SelectProps & { label: ReactNode; hint?: ReactNode; error?: string };

export function SelectField({ label, hint, error, className, ...selectProps }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <Select {...selectProps} {...control} />}
    </Field>
  );
}

type CheckboxFieldProps = Omit<ComponentProps<"input">, "type"> & {
  label: ReactNode;
  error?: string;
  /** The label's weight: medium for a setting, regular for a sentence with links (the terms). */
  labelClassName?: string;
};

/** A checkbox with its label beside it and an error below, wired up for screen readers. */
export function CheckboxField({
  label,
  error,
  labelClassName = "font-medium",
  className,
  id: givenId,
  ...inputProps
}: CheckboxFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const errorId = `${id}-error`;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...inputProps}
        />
        <label htmlFor={id} className={cn("text-slate-900 text-sm", labelClassName)}>
          {label}
        </label>
      </div>
      {error ? (
        <p id={errorId} className="text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
