// What other parts of the app may use from privacy: the account page's Privacy card…

// …and the sign-up forms' terms checkbox.
export { AcceptTermsCheckbox } from "./components/accept-terms-checkbox";
export { PrivacyCard } from "./components/privacy-card";
