// What other parts of the app may use from test packages: the instructor account page's card.
export { TestPackageCard } from "./components/test-package-card";
