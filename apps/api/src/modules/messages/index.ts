// What other modules may use from messages: the batched email the notification scan writes.
export { enqueueMessageEmails } from "./message-emails.ts";
