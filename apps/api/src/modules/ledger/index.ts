/**
 * The ledger's public entry: the journals a money event posts, built here and posted through the unit
 * of work (`uow.post`), so each commits with the change that caused it. Reports are the ledger's own.
 */
export {
  cardRefundJournal,
  type JournalInput,
  paymentCapturedJournal,
  postHeldLessonRefunded,
  postLessonEarned,
  postNoShowRefunded,
} from "./post-journal.ts";
