import type { AdminMessage } from "@kerb/shared";
import { uuid } from "@kerb/shared";
import { fullName } from "@kerb/shared/rules";
import ArrowLeft from "lucide-react/icons/arrow-left";
import Eye from "lucide-react/icons/eye";
import MessageCircle from "lucide-react/icons/message-circle";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { DocumentTitle } from "@/components/ui/document-title";
import { EmptyState } from "@/components/ui/empty-state";
import { ListState } from "@/components/ui/list-state";
import { Pager } from "@/components/ui/pager";
import { SectionCard } from "@/components/ui/section-card";
import { paths } from "@/config/paths";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { ADMIN_CONVERSATION_PAGE_SIZE, useAdminConversation } from "../api/get-admin-conversation";

const backToBookings = (
  <ButtonLink
    to={paths.admin.bookings()}
    variant="ghost"
    size="sm"
    className="-ml-3 self-start"
    icon={<ArrowLeft className="size-4" aria-hidden="true" />}
  >
    Back to bookings
  </ButtonLink>
);

function readAndEmailed(m: AdminMessage): string {
  const read = m.readAt ? `Read ${formatDateTime(m.readAt)}` : "Not read";
  return m.emailedAt ? `${read} · Emailed ${formatDateTime(m.emailedAt)}` : read;
}

function Conversation({ studentId, instructorId }: { studentId: string; instructorId: string }) {
  const [page, setPage] = useState(1);
  const query = useAdminConversation({ studentId, instructorId, page });
  const data = query.data;
  const names = data
    ? { STUDENT: fullName(data.student), INSTRUCTOR: fullName(data.instructor) }
    : { STUDENT: "Learner", INSTRUCTOR: "Instructor" };
  return (
    <ListState
      query={query}
      isEmpty={data?.total === 0}
      loadingLabel="Loading messages…"
      errorTitle="We couldn't load this conversation"
      empty={{
        icon: <MessageCircle className="size-6" />,
        title: "No messages between them",
        description: data
          ? `${names.STUDENT} and ${names.INSTRUCTOR} have not messaged each other on Kerb.`
          : "These two have not messaged each other on Kerb.",
      }}
    >
      {data ? (
        <div className="flex flex-col gap-4">
          <p className="text-slate-700 text-sm">
            Learner <strong className="text-slate-900">{names.STUDENT}</strong> ({data.student.email}) and
            instructor <strong className="text-slate-900">{names.INSTRUCTOR}</strong> ({data.instructor.email}
            ). Oldest first, in Sydney time.
          </p>
          <ol
            className="flex flex-col gap-3"
            aria-label={`Messages between ${names.STUDENT} and ${names.INSTRUCTOR}`}
          >
            {data.items.map((m) => (
              <li
                key={m.id}
                className={cn(
                  "flex flex-col gap-1 rounded-xl border p-3",
                  m.sentBy === "STUDENT" ? "border-slate-200 bg-white" : "border-brand-100 bg-brand-50/60",
                )}
              >
                <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                  <span className="font-semibold text-slate-900">
                    {names[m.sentBy]}{" "}
                    <span className="font-normal text-slate-600">
                      ({m.sentBy === "STUDENT" ? "learner" : "instructor"})
                    </span>
                  </span>
                  <time dateTime={m.sentAt} className="text-slate-600">
                    {formatDateTime(m.sentAt)}
                  </time>
                </p>
                <p className="whitespace-pre-wrap break-words text-slate-900">{m.body}</p>
                <p className="text-slate-600 text-xs">{readAndEmailed(m)}</p>
              </li>
            ))}
          </ol>
          <Pager
            page={page}
            pageSize={ADMIN_CONVERSATION_PAGE_SIZE}
            total={data.total}
            onPageChange={setPage}
            isFetching={query.isFetching}
            noun={["message", "messages"]}
          />
        </div>
      ) : null}
    </ListState>
  );
}

/**
 * The operator console's read of one learner and instructor's messages, opened from a lesson on the
 * Bookings page (?studentId=&instructorId=). Reading is audited, so it waits for the admin to ask.
 */
export function AdminMessagesPage() {
  const [search] = useSearchParams();
  const studentId = uuid.safeParse(search.get("studentId")).data;
  const instructorId = uuid.safeParse(search.get("instructorId")).data;
  const pairKey = `${studentId}:${instructorId}`;
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const isOpen = openedFor === pairKey;

  return (
    <SectionCard
      title="Messages"
      description="A learner and an instructor's conversation, for settling a dispute. Every read is recorded in the audit log."
    >
      <DocumentTitle title="Messages · Admin" />
      <div className="flex flex-col gap-4">
        {backToBookings}
        {!studentId || !instructorId ? (
          <EmptyState
            icon={<MessageCircle className="size-6" />}
            title="Choose a lesson first"
            description="On the Bookings page, choose Messages on a lesson to read what its learner and instructor wrote to each other."
            action={<ButtonLink to={paths.admin.bookings()}>Go to Bookings</ButtonLink>}
          />
        ) : isOpen ? (
          <Conversation studentId={studentId} instructorId={instructorId} />
        ) : (
          <Alert
            tone="info"
            title="Reading messages is recorded"
            action={
              <Button
                onClick={() => setOpenedFor(pairKey)}
                icon={<Eye className="size-4" aria-hidden="true" />}
              >
                Read the messages
              </Button>
            }
          >
            Messages are private between a learner and their instructor. Read them only to settle a dispute:
            the audit log records that you did, and when.
          </Alert>
        )}
      </div>
    </SectionCard>
  );
}
