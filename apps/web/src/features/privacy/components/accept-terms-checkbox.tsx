import type { UseFormRegisterReturn } from "react-hook-form";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";

/**
 * "I accept Kerb's terms of use and privacy policy": the one sign-up checkbox every new account ticks
 * (students, instructors with their agreement, guardians accepting an invitation). The server refuses a
 * sign-up without it and stores the versions accepted.
 */
export function AcceptTermsCheckbox({
  id,
  registration,
  error,
  withInstructorAgreement = false,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  error?: string;
  withInstructorAgreement?: boolean;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...registration}
        />
        <label htmlFor={id} className="text-slate-900 text-sm">
          I accept Kerb's{" "}
          <TextLink to={paths.legal.terms()} target="_blank">
            terms of use
          </TextLink>
          {withInstructorAgreement ? " and instructor agreement" : ""} and{" "}
          <TextLink to={paths.legal.privacy()} target="_blank">
            privacy policy
          </TextLink>
          .
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
