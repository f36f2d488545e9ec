// What other features may use from time-alerts: the "Tell me about earlier times" link for a lesson, an
// instructor's profile and the dashboard.
export { EarlierTimesLink } from "./components/earlier-times-link";
