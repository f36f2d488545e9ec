import type { PassPromiseClaim, StudentProgress, TestPackOutcome, TestPackSummary } from "@kerb/shared";
import { PASS_PROMISE_MIN_LESSONS } from "@kerb/shared";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { paths } from "@/config/paths";
import { formatDate, formatTime } from "@/lib/format";
import { useClaimPassPromise, usePassPromiseClaims } from "../api/pass-promise-claims";
import { type LearnerSubject, learnerWords } from "../utils/learner-words";

const OUTCOMES: Record<TestPackOutcome, { label: string; tone: BadgeTone }> = {
  PASSED: { label: "Passed", tone: "success" },
  FAILED: { label: "Not passed", tone: "warning" },
  NOT_TAKEN: { label: "Test not taken", tone: "neutral" },
};

const CLAIM_WORDS: Record<PassPromiseClaim["status"], string> = {
  PENDING: "You claimed a free second test package: Kerb is checking it and will email you.",
  APPROVED: "Your free second test package is ready: book it from your dashboard, it is paid.",
  DECLINED: "Your claim for a free second test package was declined.",
};

function PackOutcome({ pack }: { pack: TestPackSummary }) {
  if (pack.outcome) {
    const { label, tone } = OUTCOMES[pack.outcome];
    return <Badge tone={tone}>{label}</Badge>;
  }
  return <Badge tone="info">{pack.status === "SCHEDULED" ? "Booked" : "Awaiting the result"}</Badge>;
}

/**
 * The learner's driving-test packages (issue 33), newest test first, with the instructor's outcome; a
 * learner whose test was not passed may claim the pass promise's free second pack from here (the server
 * checks the promise's conditions and says which one is not met).
 */
export function TestPacksCard({ progress, subject }: { progress: StudentProgress; subject: LearnerSubject }) {
  const words = learnerWords(subject);
  const failed = progress.testPacks.find((p) => p.outcome === "FAILED");
  const claims = usePassPromiseClaims({ enabled: words.isSelf && failed !== undefined });
  const claim = useClaimPassPromise();
  const sent = claims.data?.[0];

  return (
    <Card role="region" aria-label="Driving test packages">
      <CardHeader
        title="Driving test packages"
        description={`${words.Their} driving-test packages: pick-up, warm-up, the test in the instructor's car, and home.`}
        action={
          words.isSelf ? (
            <ButtonLink to={paths.student.testPack()} variant="secondary" size="sm">
              Book a test package
            </ButtonLink>
          ) : null
        }
      />
      <CardContent className="flex flex-col gap-4 pt-2">
        {progress.testPacks.length === 0 ? (
          <p className="text-slate-600 text-sm">
            {words.isSelf
              ? "When Service NSW has booked your test, an instructor can take you to it in their dual-control car."
              : `No test package booked for ${words.them} yet.`}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100">
            {progress.testPacks.map((pack) => (
              <li key={pack.bookingId} className="flex flex-col gap-1 py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium text-slate-900">
                    {formatDate(pack.testAt)} at {formatTime(pack.testAt)}
                  </p>
                  <PackOutcome pack={pack} />
                </div>
                <p className="text-slate-600 text-sm">{pack.centre.name}</p>
                {pack.note ? <p className="text-slate-700 text-sm">“{pack.note}”</p> : null}
              </li>
            ))}
          </ul>
        )}
        {words.isSelf && failed ? (
          sent ? (
            <Alert tone={sent.status === "DECLINED" ? "warning" : "info"}>
              {CLAIM_WORDS[sent.status]}
              {sent.decisionNote ? ` ${sent.decisionNote}` : null}
            </Alert>
          ) : claims.isSuccess ? (
            <div className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3">
              <p className="text-slate-700 text-sm">
                Kerb's pass promise: after at least {PASS_PROMISE_MIN_LESSONS} lessons and a test package with
                us, a test not passed earns a free second package, once.
              </p>
              <div>
                <Button size="sm" onClick={() => claim.mutate(failed.bookingId)} isLoading={claim.isPending}>
                  Claim a free second test package
                </Button>
              </div>
              {claim.error ? <ErrorState title="We couldn't send your claim" error={claim.error} /> : null}
            </div>
          ) : null
        ) : null}
      </CardContent>
    </Card>
  );
}
