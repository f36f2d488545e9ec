import type { LearnerAssessment } from "@kerb/shared";
import { learnerExperienceLabels, licenseTypeLabels } from "@kerb/shared/words";
import Target from "lucide-react/icons/target";
import { Badge } from "@/components/ui/badge";
import { formatIsoDate } from "@/lib/format";

/**
 * The learner's assessment as their instructor reads it on a lesson: experience, licence type, test date
 * and the skills they asked to work on, in one or two short lines (a phone's width).
 */
export function LearnerAssessmentSummary({
  assessment,
}: {
  assessment: LearnerAssessment | null | undefined;
}) {
  if (!assessment) return null;
  const facts = [
    assessment.experienceLevel ? learnerExperienceLabels[assessment.experienceLevel] : null,
    assessment.licenseType ? `${licenseTypeLabels[assessment.licenseType]} licence` : null,
    assessment.targetTestDate ? `Test ${formatIsoDate(assessment.targetTestDate)}` : "No test booked",
  ].filter((fact): fact is string => fact !== null);
  return (
    <div className="flex items-start gap-1.5 text-slate-700 text-sm">
      <Target className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-1">
        <p>
          <span className="sr-only">Learner's assessment: </span>
          {facts.join(" · ")}
        </p>
        {assessment.focusSkills.length > 0 ? (
          <p className="flex flex-wrap items-center gap-1.5">
            <span className="text-slate-600">Wants to work on</span>
            {assessment.focusSkills.map((skill) => (
              <Badge key={skill} tone="brand">
                {skill}
              </Badge>
            ))}
          </p>
        ) : null}
      </div>
    </div>
  );
}
