// What other features may use from guardians (issue 23): the learner's "Parents and guardians" card on
// their account page. The guardian's own pages are routes (router.tsx).
export { GuardiansCard } from "./components/guardians-card";
