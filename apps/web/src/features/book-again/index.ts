// What other features may use from book-again (issue 34): the dashboard's "Book again with <instructor>"
// card. The lessons list links to the book-again page by its path (paths.student.bookAgain).
export { BookAgainCard } from "./components/book-again-card";
