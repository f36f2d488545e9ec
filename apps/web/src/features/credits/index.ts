// What other features may use from credits: the student's bundles as the dashboard shows them, and
// spending a bundle's credits (book again, issue 34, books one lesson with them).
export { spendBundleCredits } from "./api/spend-bundle-credits";
export { BundleCard } from "./components/bundle-card";
export { activeBundles, lessonsAvailable } from "./model/bundle-state";
