import type { UseFormRegisterReturn } from "react-hook-form";
import { CheckboxField } from "@/components/ui/field";
import { TextLink } from "@/components/ui/text-link";
import { paths } from "@/config/paths";

/**
 * "I accept Kerb's terms of use and privacy policy": the one sign-up checkbox every new account ticks
 * (students, instructors with their agreement, guardians accepting an invitation). The server refuses a
 * sign-up without it and stores the versions accepted.
 */
export function AcceptTermsCheckbox({
  registration,
  error,
  withInstructorAgreement = false,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  withInstructorAgreement?: boolean;
}) {
  return (
    <CheckboxField
      labelClassName=""
      error={error}
      label={
        <>
          I accept Kerb's{" "}
          <TextLink to={paths.legal.terms()} target="_blank">
            terms of use
          </TextLink>
          {withInstructorAgreement ? " and instructor agreement" : ""} and{" "}
          <TextLink to={paths.legal.privacy()} target="_blank">
            privacy policy
          </TextLink>
          .
        </>
      }
      {...registration}
    />
  );
}
