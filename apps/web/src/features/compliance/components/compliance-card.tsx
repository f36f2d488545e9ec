import type { InstructorComplianceStatus } from "@kerb/shared";
import { daysBetween, unlistedReasonText } from "@kerb/shared/rules";
import ShieldCheck from "lucide-react/icons/shield-check";
import ShieldAlert from "lucide-react/icons/shield-exclamation-point";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton, SkeletonGroup } from "@/components/ui/skeleton";
import { formatIsoDate } from "@/lib/format";

type ComplianceCardProps = { compliance?: InstructorComplianceStatus; today?: string };

function ExpiryRow({
  label,
  date,
  isExpiringSoon,
  today,
}: {
  label: string;
  date: string | null;
  isExpiringSoon: boolean;
  today: string;
}) {
  const days = date ? daysBetween(today, date) : null;
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0">
      <dt className="font-medium text-slate-600 text-sm">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2 text-slate-900">
        {date === null ? (
          <Badge tone="danger">Not on record</Badge>
        ) : days !== null && days < 0 ? (
          <>
            <span className="font-semibold text-red-700">{formatIsoDate(date)}</span>
            <Badge tone="danger">Expired</Badge>
          </>
        ) : (
          <>
            <span className="font-semibold">{formatIsoDate(date)}</span>
            {isExpiringSoon ? (
              <Badge tone="warning">
                {days === 0 ? "Expires today" : `Expires in ${days} ${days === 1 ? "day" : "days"}`}
              </Badge>
            ) : null}
          </>
        )}
      </dd>
    </div>
  );
}

/**
 * The instructor's own compliance: whether students can find them, and when their licence and Working
 * With Children check expire (the listing rule needs both on record and current).
 */
export function ComplianceCard({ compliance, today }: ComplianceCardProps) {
  const isSoon = compliance ? compliance.licenseExpiringSoon || compliance.wwcExpiringSoon : false;
  return (
    <Card>
      <CardHeader
        title="Compliance"
        description="Students can book you while you are verified and both documents are current."
      />
      <CardContent className="flex flex-col gap-4 pt-3">
        {!compliance || !today ? (
          <SkeletonGroup label="Loading your compliance status…">
            <div className="flex flex-col gap-3">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-5 w-full" />
              <Skeleton className="h-5 w-full" />
            </div>
          </SkeletonGroup>
        ) : (
          <>
            <p className="flex items-center gap-2 font-semibold text-slate-900">
              {compliance.isListed ? (
                <>
                  <ShieldCheck className="size-5 text-brand-700" aria-hidden="true" />
                  Listed: students can find and book you
                </>
              ) : (
                <>
                  <ShieldAlert className="size-5 text-red-700" aria-hidden="true" />
                  Not listed: students can't book you
                </>
              )}
            </p>
            <dl className="divide-y divide-slate-100">
              <ExpiryRow
                label="Driving instructor licence"
                date={compliance.licenseExpiresOn}
                isExpiringSoon={compliance.licenseExpiringSoon}
                today={today}
              />
              <ExpiryRow
                label="Working With Children check"
                date={compliance.wwcExpiresOn}
                isExpiringSoon={compliance.wwcExpiringSoon}
                today={today}
              />
            </dl>
            {!compliance.isListed && compliance.verificationStatus === "VERIFIED" ? (
              <Alert tone="error" title="Send us your renewed documents">
                Why: {compliance.reasons.map(unlistedReasonText).join("; ")}. Reply to your Kerb email with a
                copy; your booked students have been told and can cancel for a full refund.
              </Alert>
            ) : compliance.isListed && isSoon ? (
              <Alert tone="warning" title="A document expires soon">
                Send us the renewed document before it expires so your lessons are not interrupted.
              </Alert>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
