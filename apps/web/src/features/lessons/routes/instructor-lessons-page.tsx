import CalendarDays from "lucide-react/icons/calendar-days";
import History from "lucide-react/icons/rotate-ccw-clock";
import { useState } from "react";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Container } from "@/components/ui/container";
import { DateTileRowSkeleton } from "@/components/ui/date-tile";
import { DocumentTitle } from "@/components/ui/document-title";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { SkeletonGroup } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { ConflictsWarning, useLessonClashes } from "@/features/availability";
import { cn } from "@/lib/cn";
import { LESSONS_PAGE_SIZE, useInstructorLessons } from "../api/get-instructor-lessons";
import type { LessonScope } from "../api/query-keys";
import { LessonItem } from "../components/lesson-item";

function LessonsList({ scope, onNotice }: { scope: LessonScope; onNotice: (message: string) => void }) {
  const [page, setPage] = useState(1);
  const lessonsQuery = useInstructorLessons({ scope, page });
  const { reasonsOf } = useLessonClashes();
  const now = Date.now();

  if (lessonsQuery.isPending) {
    return (
      <SkeletonGroup label="Loading lessons…">
        <div className="divide-y divide-slate-100">
          <DateTileRowSkeleton />
          <DateTileRowSkeleton />
          <DateTileRowSkeleton />
        </div>
      </SkeletonGroup>
    );
  }
  if (lessonsQuery.isError) {
    return (
      <ErrorState
        title="We couldn't load your lessons"
        error={lessonsQuery.error}
        onRetry={() => lessonsQuery.refetch()}
        isRetrying={lessonsQuery.isFetching}
      />
    );
  }
  const { items, total } = lessonsQuery.data;
  if (items.length === 0) {
    return scope === "upcoming" ? (
      <EmptyState
        icon={<CalendarDays className="size-6" />}
        title="No upcoming lessons"
        description="Students book the hours you make available. Open more hours or suburbs to be found more often."
        action={<ButtonLink to={paths.instructor.availability()}>Set your availability</ButtonLink>}
      />
    ) : (
      <EmptyState
        icon={<History className="size-6" />}
        title="No past lessons yet"
        description="Lessons you've taught, missed or cancelled will show up here once they're over."
      />
    );
  }
  return (
    <>
      <ul
        className="divide-y divide-slate-100"
        aria-label={scope === "upcoming" ? "Upcoming lessons" : "Past lessons"}
      >
        {items.map((lesson) => (
          <LessonItem
            key={lesson.id}
            lesson={lesson}
            clash={reasonsOf(lesson.id)}
            now={now}
            onNotice={onNotice}
          />
        ))}
      </ul>
      <Pager
        page={page}
        pageSize={LESSONS_PAGE_SIZE}
        total={total}
        onPageChange={setPage}
        isFetching={lessonsQuery.isFetching}
        noun={["lesson", "lessons"]}
        onSinglePage="nothing"
      />
    </>
  );
}

const tabClasses = ({ isSelected, isFocusVisible }: { isSelected: boolean; isFocusVisible: boolean }) =>
  cn(
    "flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg px-4 font-semibold text-sm outline-none transition-colors sm:flex-none",
    isSelected ? "bg-white text-brand-800 shadow-sm" : "text-slate-600 hover:text-slate-900",
    isFocusVisible && "outline-3 outline-brand-500 outline-offset-2",
  );

export function InstructorLessonsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: LessonScope = searchParams.get("tab") === "past" ? "past" : "upcoming";
  const [notice, setNotice] = useState<string | null>(null);
  const { conflicts } = useLessonClashes();

  return (
    <Container className="flex flex-col gap-8 py-8 sm:py-12">
      <DocumentTitle title="Lessons" />
      <PageHeader
        title="Lessons"
        description="Your booked lessons in Sydney time. Mark lessons completed once they're over: that's what counts towards your earnings."
      />
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <ConflictsWarning conflicts={conflicts} linkTo="availability" />
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key) => {
          setNotice(null);
          setSearchParams(key === "past" ? { tab: "past" } : {}, { replace: true });
        }}
        className="flex flex-col gap-4"
      >
        <TabList
          aria-label="Lessons"
          className="flex gap-1 self-stretch rounded-xl bg-slate-200/70 p-1 sm:self-start"
        >
          <Tab id="upcoming" className={tabClasses}>
            <CalendarDays className="size-4" aria-hidden="true" />
            Upcoming
          </Tab>
          <Tab id="past" className={tabClasses}>
            <History className="size-4" aria-hidden="true" />
            Past
          </Tab>
        </TabList>
        <TabPanel id="upcoming" className="outline-none">
          <Card>
            <CardContent className="py-2 sm:py-2">
              <LessonsList scope="upcoming" onNotice={setNotice} />
            </CardContent>
          </Card>
        </TabPanel>
        <TabPanel id="past" className="outline-none">
          <Card>
            <CardContent className="py-2 sm:py-2">
              <LessonsList scope="past" onNotice={setNotice} />
            </CardContent>
          </Card>
        </TabPanel>
      </Tabs>
    </Container>
  );
}
