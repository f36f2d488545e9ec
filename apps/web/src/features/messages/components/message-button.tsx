import MessageCircle from "lucide-react/icons/message-circle";
import { ButtonLink } from "@/components/ui/button";
import { paths } from "@/config/paths";

/**
 * "Message" on a lesson: opens the conversation with the lesson's instructor (a learner's lesson) or
 * learner (an instructor's). Named with the person for screen readers, since a list holds many lessons.
 */
export function MessageButton({
  to,
  otherUserId,
  name,
}: {
  /** Whose messages page it opens: the signed-in person's role. */
  to: "student" | "instructor";
  otherUserId: string;
  /** The other person's name. */
  name: string;
}) {
  return (
    <ButtonLink
      to={to === "student" ? paths.student.messages(otherUserId) : paths.instructor.messages(otherUserId)}
      variant="outline"
      size="sm"
      icon={<MessageCircle className="size-4" aria-hidden="true" />}
      aria-label={`Message ${name}`}
    >
      Message
    </ButtonLink>
  );
}
