export { CalendarFeedCard } from "./components/calendar-feed-card";
