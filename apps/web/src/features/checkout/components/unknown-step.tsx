import Bug from "lucide-react/icons/bug";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** A draft pointing at a step this version does not know (spec §2: debug message and Start Over). */
export function UnknownStep({ step, onStartOver }: { step: string; onStartOver: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <Alert
        tone="warning"
        title="We couldn't restore your booking"
        action={<Button onClick={onStartOver}>Start Over</Button>}
      >
        <p className="flex items-center gap-2">
          <Bug className="size-4 shrink-0" aria-hidden="true" />
          <span>
            Unknown booking step: <code className="rounded bg-amber-100 px-1 font-mono">{step}</code>
          </span>
        </p>
      </Alert>
    </div>
  );
}
