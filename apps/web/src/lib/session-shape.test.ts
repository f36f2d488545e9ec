import { authResponse, extendSessionResponse, meResponse, refreshResponse } from "@kerb/shared";
import { describe, expect, it } from "vitest";
import { sessionFor, studentUser } from "@/test/fixtures";
import {
  isAuthSession,
  isExtendedSession,
  isMeResponse,
  isTokenPair,
  pickAuthSession,
} from "./session-shape";

const good = sessionFor(studentUser);
const withUser = (user: Record<string, unknown>) => ({ ...good, user: { ...good.user, ...user } });

// Each sample is judged by the zod schema and by the hand check; they must agree on every one.
const sessions: [string, unknown][] = [
  ["a valid session", good],
  ["a phone number", withUser({ phone: "0400 000 000" })],
  ["extra keys", { ...withUser({ legacy: 1 }), expiresAt: "x" }],
  ["nil uuid", withUser({ id: "00000000-0000-0000-0000-000000000000" })],
  ["not a uuid", withUser({ id: "student-1" })],
  ["an unknown role", withUser({ role: "OWNER" })],
  ["a missing phone", withUser({ phone: undefined })],
  ["a numeric name", withUser({ firstName: 42 })],
  ["no user", { accessToken: "a", refreshToken: "r" }],
  ["a user array", { ...good, user: [] }],
  ["no refresh token", { ...good, refreshToken: undefined }],
  ["null", null],
  ["a string", "session"],
];

describe("session-shape agrees with the shared zod schemas", () => {
  it.each(sessions)("isAuthSession: %s", (_name, value) => {
    expect(isAuthSession(value)).toBe(authResponse.safeParse(value).success);
  });

  it.each(sessions)("isMeResponse: %s", (_name, value) => {
    expect(isMeResponse(value)).toBe(meResponse.safeParse(value).success);
  });

  it.each([
    { accessToken: "a", refreshToken: "r" },
    { accessToken: "a", refreshToken: "r", extra: true },
    { accessToken: "a" },
    { accessToken: 1, refreshToken: "r" },
    [],
    null,
  ])("isTokenPair: %j", (value) => {
    expect(isTokenPair(value)).toBe(refreshResponse.safeParse(value).success);
  });

  it.each([
    { accessToken: "a", expiresAt: "2026-11-25T03:00:00.000Z" },
    { accessToken: "a" },
    { accessToken: 1, expiresAt: "x" },
    null,
  ])("isExtendedSession: %j", (value) => {
    expect(isExtendedSession(value)).toBe(extendSessionResponse.safeParse(value).success);
  });

  it("keeps only the schema's keys, like zod's parse", () => {
    const stored = { ...withUser({ legacy: 1 }), expiresAt: "x" };
    if (!isAuthSession(stored)) throw new Error("expected a valid session");
    expect(pickAuthSession(stored)).toEqual(authResponse.parse(stored));
  });
});
