import MessageCircle from "lucide-react/icons/message-circle";
import { NavLink } from "react-router";
import { paths } from "@/config/paths";
import { useUnreadMessages } from "../api/get-unread-messages";
import { UnreadBadge } from "./unread-badge";

/**
 * The menu's "Messages" link for a learner or an instructor, with how many messages are unread (asked
 * once a minute). The count is part of the link's name: "Messages, 2 unread".
 */
export function MessagesNavLink({
  role,
  className,
  onNavigate,
}: {
  role: "STUDENT" | "INSTRUCTOR";
  className: (state: { isActive: boolean }) => string;
  onNavigate?: (() => void) | undefined;
}) {
  const unread = useUnreadMessages().data?.unread ?? 0;
  return (
    <NavLink
      to={role === "STUDENT" ? paths.student.messages() : paths.instructor.messages()}
      className={className}
      onClick={onNavigate}
      aria-label={unread > 0 ? `Messages, ${unread} unread` : undefined}
    >
      <MessageCircle className="size-4" aria-hidden="true" />
      Messages
      <UnreadBadge count={unread} />
    </NavLink>
  );
}
