import {
  assessmentDateIssues,
  EXPERIENCE_LEVELS,
  FOCUS_SKILLS,
  LICENSE_TYPES,
  type StudentAssessmentResponse,
  studentAssessmentRequest,
} from "@kerb/shared";
import { LOGBOOK_AGE_LIMIT, LOGBOOK_REQUIRED_HOURS, sydneyTodayDate } from "@kerb/shared/rules";
import { experienceLevelLabels, licenseTypeLabels } from "@kerb/shared/words";
import { useState } from "react";
import { CheckboxGroup, Label } from "react-aria-components";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { CheckCards } from "@/components/ui/check-cards";
import { ErrorState } from "@/components/ui/error-state";
import { SelectField, TextField } from "@/components/ui/field";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { errorMessage, isApiError } from "@/lib/api-error";
import { useStudentAssessment } from "../api/get-student-assessment";
import { useSaveStudentAssessment } from "../api/save-student-assessment";

const experienceOptions = EXPERIENCE_LEVELS.map((v) => ({ value: v, label: experienceLevelLabels[v] }));
const licenseOptions = LICENSE_TYPES.map((v) => ({ value: v, label: licenseTypeLabels[v] }));

type Values = {
  experienceLevel: string;
  licenseType: string;
  targetTestDate: string;
  focusSkills: string[];
  dateOfBirth: string;
};
type FieldName = keyof Values;
const FIELDS: readonly FieldName[] = [
  "experienceLevel",
  "licenseType",
  "targetTestDate",
  "focusSkills",
  "dateOfBirth",
];

const valuesOf = (a: StudentAssessmentResponse): Values => ({
  experienceLevel: a.experienceLevel ?? "",
  licenseType: a.licenseType ?? "",
  targetTestDate: a.targetTestDate ?? "",
  focusSkills: a.focusSkills,
  dateOfBirth: a.dateOfBirth ?? "",
});

/** The field an issue is about ("focusSkills.2" is the focus skills'), if the form has it. */
const fieldOf = (path: string): FieldName | undefined =>
  FIELDS.find((field) => path === field || path.startsWith(`${field}.`));

function AssessmentForm({ saved }: { saved: StudentAssessmentResponse }) {
  const [values, setValues] = useState<Values>(() => valuesOf(saved));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [isDirty, setDirty] = useState(false);
  const mutation = useSaveStudentAssessment();
  const today = sydneyTodayDate(new Date());

  const change = <K extends FieldName>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setDirty(true);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const payload = {
      experienceLevel: values.experienceLevel,
      licenseType: values.licenseType,
      targetTestDate: values.targetTestDate || null,
      focusSkills: values.focusSkills,
      dateOfBirth: values.dateOfBirth || null,
    };
    // The API's own schema and date rules, so the form says what the server would.
    const parsed = studentAssessmentRequest.safeParse(payload);
    const issues = [
      ...(parsed.success
        ? []
        : parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }))),
      ...assessmentDateIssues(payload, today),
    ];
    const found: Partial<Record<FieldName, string>> = {};
    for (const issue of issues) {
      const field = fieldOf(issue.path);
      if (field && !found[field]) found[field] = issue.message;
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    mutation.mutate(parsed.data, {
      onSuccess: (result) => {
        setValues(valuesOf(result));
        setDirty(false);
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        const fromServer: Partial<Record<FieldName, string>> = {};
        for (const issue of error.fieldIssues) {
          const field = fieldOf(issue.path);
          if (field && !fromServer[field]) fromServer[field] = issue.message;
        }
        setErrors(fromServer);
      },
    });
  };

  const hasFieldErrors = Object.values(errors).some(Boolean);
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Your driving assessment">
      {mutation.isSuccess && !isDirty ? (
        <Alert tone="success">Your assessment has been saved. Your instructors see it on your lessons.</Alert>
      ) : null}
      {mutation.isError && !hasFieldErrors ? (
        <Alert tone="error" title="We couldn't save your assessment">
          {errorMessage(mutation.error, "Please try again in a moment.")}
        </Alert>
      ) : null}
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <SelectField
          label="Driving experience"
          placeholder="Choose your experience"
          options={experienceOptions}
          value={values.experienceLevel}
          error={errors.experienceLevel}
          onChange={(event) => change("experienceLevel", event.target.value)}
        />
        <SelectField
          label="Licence type"
          placeholder="Choose a licence type"
          options={licenseOptions}
          value={values.licenseType}
          error={errors.licenseType}
          onChange={(event) => change("licenseType", event.target.value)}
        />
        <TextField
          label="Target test date (optional)"
          type="date"
          min={today}
          value={values.targetTestDate}
          error={errors.targetTestDate}
          hint="Leave it blank if your test isn't booked yet."
          onChange={(event) => change("targetTestDate", event.target.value)}
        />
        <TextField
          label="Date of birth (optional)"
          type="date"
          max={today}
          autoComplete="bday"
          value={values.dateOfBirth}
          error={errors.dateOfBirth}
          hint={`For your NSW logbook hours: learners under ${LOGBOOK_AGE_LIMIT} log ${LOGBOOK_REQUIRED_HOURS} hours. Only you see it.`}
          onChange={(event) => change("dateOfBirth", event.target.value)}
        />
      </div>
      <CheckboxGroup
        value={values.focusSkills}
        onChange={(skills) => change("focusSkills", skills)}
        className="flex flex-col gap-3"
        isInvalid={Boolean(errors.focusSkills)}
      >
        <Label className="font-medium text-slate-800 text-sm">Skills you'd like to focus on (optional)</Label>
        <CheckCards options={FOCUS_SKILLS} />
        {errors.focusSkills ? <p className="font-medium text-red-700 text-sm">{errors.focusSkills}</p> : null}
      </CheckboxGroup>
      <div>
        <Button type="submit" isLoading={mutation.isPending} loadingText="Saving…">
          Save assessment
        </Button>
      </div>
    </form>
  );
}

/**
 * "Your driving assessment" on the student's account page: what the booking wizard asked (experience,
 * licence, test date, focus skills), kept with the account and shown to their instructors, and the
 * optional date of birth the NSW logbook needs.
 */
export function DrivingAssessmentCard() {
  const query = useStudentAssessment();
  return (
    <Card>
      <CardHeader
        title="Your driving assessment"
        description="Your instructors see your experience, licence type, test date and focus skills on your lessons."
      />
      <CardContent>
        {query.isPending ? (
          <SkeletonGroup label="Loading your assessment…">
            <Skeleton className="h-48 w-full" />
          </SkeletonGroup>
        ) : query.isError ? (
          <ErrorState
            title="We couldn't load your assessment"
            error={query.error}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : (
          <AssessmentForm saved={query.data} />
        )}
      </CardContent>
    </Card>
  );
}
