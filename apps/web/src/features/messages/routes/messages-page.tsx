import { fullName } from "@kerb/shared/rules";
import ArrowLeft from "lucide-react/icons/arrow-left";
import MessageCircle from "lucide-react/icons/message-circle";
import { useState } from "react";
import { useParams } from "react-router";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/components/ui/document-title";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { Skeleton, SkeletonGroup, SkeletonRepeat } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { isApiError } from "@/lib/api-error";
import { useCurrentUser } from "@/lib/auth-store";
import { cn } from "@/lib/cn";
import { useNow } from "@/lib/use-now";
import { useConversation } from "../api/get-conversation";
import { CONVERSATIONS_PAGE_SIZE, useConversations } from "../api/get-conversations";
import { ConversationList } from "../components/conversation-list";
import { MessageComposer } from "../components/message-composer";
import { MessageThread } from "../components/message-thread";

type Side = "STUDENT" | "INSTRUCTOR";

/** What each side calls the other, and where they find the lessons a conversation starts from. */
const WORDS = {
  STUDENT: {
    description:
      "Message your instructor about pickup details or running late. Kerb's support team may read a conversation to settle a dispute.",
    other: "Your instructor",
    start: "Open a lesson in My bookings and choose Message to write to its instructor.",
    lessons: { to: paths.student.bookings(), label: "Go to My bookings" },
    cannot: "You can message an instructor once you have a lesson booked with them.",
  },
  INSTRUCTOR: {
    description:
      "Message your learners about pickup details or running late. Kerb's support team may read a conversation to settle a dispute.",
    other: "Your learner",
    start: "Open a lesson in Lessons and choose Message to write to its learner.",
    lessons: { to: paths.instructor.lessons(), label: "Go to Lessons" },
    cannot: "You can message a learner who has a lesson booked with you.",
  },
} as const;

function ConversationsPanel({
  side,
  activeId,
  now,
  className,
}: {
  side: Side;
  activeId: string | undefined;
  now: number;
  className?: string;
}) {
  const [page, setPage] = useState(1);
  const query = useConversations(page);
  const hrefOf = (id: string) =>
    side === "STUDENT" ? paths.student.messages(id) : paths.instructor.messages(id);
  let content: React.ReactNode;
  if (query.isPending) {
    content = (
      <SkeletonGroup label="Loading conversations…" className="flex flex-col gap-3">
        <SkeletonRepeat count={3}>
          <Skeleton className="h-14 w-full" />
        </SkeletonRepeat>
      </SkeletonGroup>
    );
  } else if (query.isError) {
    content = (
      <ErrorState
        title="We couldn't load your conversations"
        error={query.error}
        onRetry={() => query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (query.data.items.length === 0) {
    content = (
      <EmptyState
        icon={<MessageCircle className="size-6" />}
        title="No messages yet"
        description={WORDS[side].start}
        action={
          <ButtonLink to={WORDS[side].lessons.to} variant="outline">
            {WORDS[side].lessons.label}
          </ButtonLink>
        }
      />
    );
  } else {
    content = (
      <>
        <ConversationList conversations={query.data.items} hrefOf={hrefOf} activeId={activeId} now={now} />
        <Pager
          page={page}
          pageSize={CONVERSATIONS_PAGE_SIZE}
          total={query.data.total}
          onPageChange={setPage}
          isFetching={query.isFetching}
          noun={["conversation", "conversations"]}
          onSinglePage="nothing"
        />
      </>
    );
  }
  return (
    <Card className={className}>
      <CardHeader title="Conversations" />
      <CardContent className="px-3 sm:px-4">
        <nav aria-label="Conversations">{content}</nav>
      </CardContent>
    </Card>
  );
}

function ConversationPanel({ side, otherUserId, now }: { side: Side; otherUserId: string; now: number }) {
  const conversation = useConversation(otherUserId);
  const back = (
    <ButtonLink
      to={side === "STUDENT" ? paths.student.messages() : paths.instructor.messages()}
      variant="ghost"
      size="sm"
      className="-ml-3 self-start lg:hidden"
      icon={<ArrowLeft className="size-4" aria-hidden="true" />}
    >
      All conversations
    </ButtonLink>
  );
  if (conversation.isPending) {
    return (
      <Card>
        <CardContent>
          <SkeletonGroup label="Loading messages…" className="flex flex-col gap-3">
            <Skeleton className="h-7 w-40" />
            <Skeleton className="h-12 w-2/3" />
            <Skeleton className="ml-auto h-12 w-1/2" />
            <Skeleton className="h-12 w-3/5" />
          </SkeletonGroup>
        </CardContent>
      </Card>
    );
  }
  if (conversation.isError && !conversation.with) {
    const isNotFound = isApiError(conversation.error) && conversation.error.status === 404;
    return (
      <Card>
        <CardContent className="flex flex-col gap-4">
          {back}
          {isNotFound ? (
            <EmptyState
              icon={<MessageCircle className="size-6" />}
              title="This conversation isn't available"
              description={WORDS[side].cannot}
              action={
                <ButtonLink to={WORDS[side].lessons.to} variant="outline">
                  {WORDS[side].lessons.label}
                </ButtonLink>
              }
            />
          ) : (
            <ErrorState
              title="We couldn't load this conversation"
              error={conversation.error}
              onRetry={() => conversation.refetch()}
              isRetrying={conversation.isFetching}
            />
          )}
        </CardContent>
      </Card>
    );
  }
  const other = conversation.with;
  if (!other) return null;
  const name = fullName(other);
  return (
    <div className="flex flex-col gap-2">
      {back}
      <Card>
        <CardHeader title={name} description={WORDS[side].other} />
        <CardContent className="flex flex-col gap-4">
          <MessageThread
            messages={conversation.messages}
            name={name}
            now={now}
            empty={`No messages yet. Say hello, or confirm where to meet ${other.firstName}.`}
            header={
              conversation.hasNextPage ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="self-center"
                  isLoading={conversation.isFetchingNextPage}
                  onClick={() => conversation.fetchNextPage()}
                >
                  Load earlier messages
                </Button>
              ) : null
            }
          />
          <MessageComposer otherUserId={other.id} name={other.firstName} />
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * Messages for learners and instructors (/student/messages, /instructor/messages, each with the other
 * person's id for one conversation). Phones show the list or the conversation; wide screens both.
 */
export function MessagesPage() {
  const user = useCurrentUser();
  const side: Side = user?.role === "INSTRUCTOR" ? "INSTRUCTOR" : "STUDENT";
  const { otherUserId } = useParams();
  const now = useNow(60_000);
  return (
    <Container className="flex flex-col gap-6 py-8 sm:py-12">
      <DocumentTitle title="Messages" />
      <PageHeader title="Messages" description={WORDS[side].description} />
      {/* grid-cols-1 (minmax(0, 1fr)): a long last message is cut short instead of widening the page. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <ConversationsPanel
          side={side}
          activeId={otherUserId}
          now={now}
          className={cn(otherUserId && "hidden lg:block")}
        />
        {otherUserId ? (
          <ConversationPanel key={otherUserId} side={side} otherUserId={otherUserId} now={now} />
        ) : (
          <Card className="hidden lg:block">
            <CardContent className="py-16 text-center text-slate-600">
              Choose a conversation to read it and reply.
            </CardContent>
          </Card>
        )}
      </div>
    </Container>
  );
}
