import { describe, expect, it } from "vitest";
import {
  accountTokenExpiresAt,
  EMAIL_CHANGE_TTL_MINUTES,
  isAccountTokenUsable,
  PASSWORD_RESET_TTL_MINUTES,
} from "./account-tokens.ts";

const issued = new Date("2026-03-01T10:00:00Z");

describe("account tokens", () => {
  it("gives a password reset one hour and an email change a day", () => {
    expect(PASSWORD_RESET_TTL_MINUTES).toBe(60);
    expect(accountTokenExpiresAt("PASSWORD_RESET", issued).toISOString()).toBe("2026-03-01T11:00:00.000Z");
    expect(accountTokenExpiresAt("EMAIL_CHANGE", issued).getTime() - issued.getTime()).toBe(
      EMAIL_CHANGE_TTL_MINUTES * 60_000,
    );
  });

  it("is usable until it expires, exclusive", () => {
    const expiresAt = accountTokenExpiresAt("PASSWORD_RESET", issued);
    expect(isAccountTokenUsable({ expiresAt, usedAt: null }, issued)).toBe(true);
    expect(isAccountTokenUsable({ expiresAt, usedAt: null }, new Date(expiresAt.getTime() - 1))).toBe(true);
    expect(isAccountTokenUsable({ expiresAt, usedAt: null }, expiresAt)).toBe(false);
    expect(isAccountTokenUsable({ expiresAt, usedAt: null }, new Date(expiresAt.getTime() + 1))).toBe(false);
  });

  it("is worthless once used", () => {
    const expiresAt = accountTokenExpiresAt("PASSWORD_RESET", issued);
    expect(isAccountTokenUsable({ expiresAt, usedAt: issued }, issued)).toBe(false);
  });
});
