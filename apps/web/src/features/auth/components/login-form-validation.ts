import { zodResolver } from "@hookform/resolvers/zod";
import { type LoginRequest, loginRequest } from "@kerb/shared";
import type { Resolver } from "react-hook-form";
import type { LoginPayload } from "../api/login";

/** The API's own login schema; loaded by login-form.tsx on first use so zod stays off /login's first load. */
export const validateLogin: Resolver<LoginRequest, unknown, LoginPayload> = zodResolver(loginRequest);
