// What other parts of the app may use from auth: the sign-out mutation (the navbar's Log out).
export { useLogout } from "./api/logout";
