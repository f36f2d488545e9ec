// What other features may use from messages: the Message button on a lesson, and the menu's link with
// the unread count.
export { MessageButton } from "./components/message-button";
export { MessagesNavLink } from "./components/messages-nav-link";
