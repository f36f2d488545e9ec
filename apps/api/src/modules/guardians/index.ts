/**
 * The guardians module's public entry: who should get copies of a learner's emails (the notifications
 * module sends them), and whether someone follows a learner now (a payer reading their payment).
 */

export { guardianCopies } from "./guardian-copies.ts";
export {
  isActiveGuardianOf,
  listCopyRecipients as listGuardianCopyRecipients,
} from "./guardians.repository.ts";
