/** The app's paths live in @kerb/shared, so the API's emailed links and the web's routes agree. */
export { paths, type RegisterRole } from "@kerb/shared/paths";
