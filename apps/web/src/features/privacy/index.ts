// What other parts of the app may use from privacy: the account page's Privacy card.
export { PrivacyCard } from "./components/privacy-card";
