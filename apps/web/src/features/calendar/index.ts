// What other features may use from calendar: the private calendar feed card (on the earnings page).
export { CalendarFeedCard } from "./components/calendar-feed-card";
