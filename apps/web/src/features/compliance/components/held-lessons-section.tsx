import type { HeldLesson } from "@kerb/shared";
import { fullName } from "@kerb/shared/rules";
import CircleCheck from "lucide-react/icons/circle-check";
import Undo2 from "lucide-react/icons/undo-2";
import Wallet from "lucide-react/icons/wallet";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { type Column, DataTable } from "@/components/ui/data-table";
import { ListState } from "@/components/ui/list-state";
import { Pager } from "@/components/ui/pager";
import { SectionCard } from "@/components/ui/section-card";
import { BookingStatusBadge } from "@/components/ui/status-badge";
import { formatDate, formatDateTime, formatDollars, formatTimeRange } from "@/lib/format";
import { useHeldLessons } from "../api/get-held-lessons";
import { type HeldLessonChoice, HeldLessonDialog } from "./held-lesson-dialog";

const PAGE_SIZE = 20;
const PAID_WITH = { CARD: "Card", BUNDLE: "Bundle credit" } as const;

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Held lessons (decision 031): taught while the instructor was suspended, rejected or had a lapsed
 * document. They are left out of payouts until the admin pays the instructor or refunds the student,
 * one lesson at a time.
 */
export function HeldLessonsSection() {
  // Its own page number (not the URL's, which pages the follow-up list above).
  const [page, setPage] = useState(1);
  const query = useHeldLessons({ page, pageSize: PAGE_SIZE });
  const data = query.data;
  const [choice, setChoice] = useState<HeldLessonChoice | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const choose = (lesson: HeldLesson, decision: HeldLessonChoice["decision"]) => {
    setNotice(null);
    setChoice({ lesson, decision });
  };

  const columns: Column<HeldLesson>[] = [
    {
      header: "Lesson",
      cell: (l) => (
        <span className="flex flex-col">
          <span className="font-semibold text-slate-900">{formatDate(l.startTime)}</span>
          <span className="text-slate-600">
            {formatTimeRange(l.startTime, l.endTime)} · {l.suburb}
          </span>
          <span className="mt-1">
            {l.status === "SCHEDULED" ? (
              <Badge tone="warning">Not marked</Badge>
            ) : (
              <BookingStatusBadge status={l.status} />
            )}
          </span>
        </span>
      ),
    },
    {
      header: "Instructor",
      cell: (l) => <span className="font-medium text-slate-900">{fullName(l.instructor)}</span>,
    },
    {
      header: "Student",
      cell: (l) => (
        <span className="flex flex-col items-end lg:items-start">
          <span className="font-medium text-slate-900">{fullName(l.student)}</span>
          <span className="break-all text-slate-600 lg:break-normal">{l.student.email}</span>
        </span>
      ),
    },
    {
      header: "Price",
      cell: (l) => (
        <span className="flex flex-col items-end lg:items-start">
          <span>
            {formatDollars(l.price)} · {PAID_WITH[l.paidWith]}
          </span>
          <span className="text-slate-600 lg:whitespace-nowrap">
            Instructor share {formatDollars(l.instructorShare)}
          </span>
        </span>
      ),
    },
    {
      header: "Why held",
      cell: (l) => (
        <span className="flex flex-col items-end gap-1 lg:items-start">
          <span className="text-slate-900">{sentence(l.reasonText)}</span>
          <span className="text-slate-600 text-xs">
            Not allowed to teach from {formatDateTime(l.stopStartedAt)}
          </span>
        </span>
      ),
    },
    {
      header: "Actions",
      isActions: true,
      cell: (l) => {
        const student = fullName(l.student);
        const date = formatDate(l.startTime);
        return (
          // Stacked full width on phones and from lg up, where the table has no room for two side by side.
          <span className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:flex-wrap lg:flex-col lg:items-stretch lg:whitespace-nowrap">
            <Button
              size="sm"
              variant="outline"
              icon={<Wallet className="size-4" aria-hidden="true" />}
              aria-label={`Pay instructor ${fullName(l.instructor)} for ${student}'s lesson on ${date}`}
              onClick={() => choose(l, "PAY")}
            >
              Pay instructor
            </Button>
            <Button
              size="sm"
              variant="outline"
              icon={<Undo2 className="size-4" aria-hidden="true" />}
              aria-label={`Refund student ${student} for the lesson on ${date}`}
              onClick={() => choose(l, "REFUND")}
            >
              Refund student
            </Button>
          </span>
        );
      },
    },
  ];

  return (
    <SectionCard
      title="Held lessons"
      description="Lessons taught while the instructor was not allowed to teach (suspended, rejected or a document lapsed). They are left out of payouts until you pay the instructor or refund the student."
    >
      <div className="flex flex-col gap-4">
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        <ListState
          query={query}
          isEmpty={data?.items.length === 0}
          loadingLabel="Loading held lessons…"
          errorTitle="We couldn't load the held lessons"
          empty={{
            icon: <CircleCheck className="size-6" />,
            title: "No held lessons",
            description:
              "No lesson taught while its instructor was not allowed to teach is waiting for a decision.",
          }}
        >
          {data ? (
            <>
              <DataTable caption="Held lessons" columns={columns} rows={data.items} rowKey={(l) => l.id} />
              <Pager
                page={page}
                pageSize={PAGE_SIZE}
                total={data.total}
                onPageChange={setPage}
                isFetching={query.isFetching}
                noun={["lesson", "lessons"]}
              />
            </>
          ) : null}
        </ListState>
      </div>
      <HeldLessonDialog
        choice={choice}
        onClose={() => setChoice(null)}
        onDecided={(message) => {
          setNotice(message);
          // The last lesson of a later page decided: go back a page rather than show an empty one.
          if (page > 1 && data?.items.length === 1) setPage(page - 1);
        }}
      />
    </SectionCard>
  );
}
