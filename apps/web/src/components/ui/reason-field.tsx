import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import { type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";
import { textareaClasses } from "./field";

type ReasonFieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** The shared schema's message for the reason, once a submit has been refused. */
  error: string | null;
  /** What the reason is kept for, shown until there is an error. */
  hint: ReactNode;
};

// The API's limit on an admin's reason (schemas/admin.ts): the box stops there rather than failing.
const REASON_MAX_LENGTH = 500;

/**
 * The required "Reason" of an admin decision kept in the audit log (rejecting an instructor,
 * suspending or reactivating an account): the error replaces the hint, and the box points at whichever
 * is shown.
 */
export function ReasonField({ value, onChange, error, hint }: ReasonFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-slate-800 text-sm">
        Reason
      </label>
      <textarea
        id={id}
        rows={4}
        maxLength={REASON_MAX_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className={cn(textareaClasses, error && "border-red-600")}
      />
      {error ? (
        <p id={`${id}-error`} className="flex items-start gap-1.5 font-medium text-red-700 text-sm">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-slate-600 text-sm">
          {hint}
        </p>
      )}
    </div>
  );
}
