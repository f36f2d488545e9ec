// What other features may use from credits: the student's bundles as the dashboard shows them.
export { BundleCard } from "./components/bundle-card";
export { activeBundles, lessonsAvailable } from "./model/bundle-state";
