import type { SkillLevel } from "@kerb/shared";
import { skillLevelLabels } from "@kerb/shared/words";
import { Badge, type BadgeTone } from "@/components/ui/badge";

const LEVEL_TONES: Record<SkillLevel, BadgeTone> = {
  INTRODUCED: "info",
  PRACTISING: "warning",
  COMPETENT: "success",
};

/** "Roundabouts · Practising", coloured by how far along it is. */
export function SkillLevelBadge({ skill, level }: { skill: string; level: SkillLevel }) {
  return (
    <Badge tone={LEVEL_TONES[level]} wrap>
      {skill} · {skillLevelLabels[level]}
    </Badge>
  );
}

/** Three steps filled up to the level: introduced one, practising two, competent three. */
export function SkillLevelMeter({ level }: { level: SkillLevel | null }) {
  const filled = level === null ? 0 : level === "INTRODUCED" ? 1 : level === "PRACTISING" ? 2 : 3;
  return (
    <span className="flex gap-1" aria-hidden="true">
      {[1, 2, 3].map((step) => (
        <span
          key={step}
          className={
            step <= filled
              ? level === "COMPETENT"
                ? "h-2 w-6 rounded-full bg-emerald-600"
                : "h-2 w-6 rounded-full bg-brand-600"
              : "h-2 w-6 rounded-full bg-slate-200"
          }
        />
      ))}
    </span>
  );
}
