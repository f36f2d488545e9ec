import { describe, expect, it } from "vitest";
import { isClusterMode, loadEnv, publicOrigin } from "./env.ts";
import { shouldSeedDemoData } from "./seed/prepare-database.ts";

describe("configuration", () => {
  it("reads TRUST_PROXY as false, true, a hop count or a list of addresses/CIDRs", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: " 10.0.0.1, 10.0.0.0/8,loopback, fd00::/8 " }).TRUST_PROXY).toEqual([
      "10.0.0.1",
      "10.0.0.0/8",
      "loopback",
      "fd00::/8",
    ]);
    for (const bad of ["yes", "10.0.0.0/33", "10.0.0.1/8/8", "proxy.internal", "1.2.3"]) {
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it("links to the web app at PUBLIC_URL without a trailing slash, or at this server", () => {
    expect(publicOrigin(loadEnv({ PORT: "8080" }))).toBe("http://localhost:8080");
    expect(publicOrigin(loadEnv({ PUBLIC_URL: "https://kerb.example/" }))).toBe("https://kerb.example");
    expect(publicOrigin(loadEnv({ PUBLIC_URL: "https://kerb.example/app" }))).toBe(
      "https://kerb.example/app",
    );
  });

  it("seeds demo data into the embedded database by default, into a server only when asked", () => {
    const server = "postgres://postgres@127.0.0.1:5432/kerb";
    expect(shouldSeedDemoData(loadEnv({}))).toBe(true);
    expect(shouldSeedDemoData(loadEnv({ SEED_DEMO_DATA: "false" }))).toBe(false);
    expect(shouldSeedDemoData(loadEnv({ DATABASE_URL: server }))).toBe(false);
    expect(shouldSeedDemoData(loadEnv({ DATABASE_URL: server, SEED_DEMO_DATA: "false" }))).toBe(false);
    expect(shouldSeedDemoData(loadEnv({ DATABASE_URL: server, SEED_DEMO_DATA: "true" }))).toBe(true);
  });

  it("names the supplier on tax invoices: a marked demo ABN by default, a real one checked", () => {
    const defaults = loadEnv({});
    expect(defaults.SUPPLIER_NAME).toBe("Kerb Driving Pty Ltd");
    expect(defaults.SUPPLIER_ABN).toMatch(/demo/i);
    const real = loadEnv({ SUPPLIER_NAME: "Learn Safe Pty Ltd", SUPPLIER_ABN: "51 824 753 556" });
    expect(real).toMatchObject({ SUPPLIER_NAME: "Learn Safe Pty Ltd", SUPPLIER_ABN: "51 824 753 556" });
    for (const bad of ["51 824 753 557", "5182475355", "ABN 51 824 753 556"]) {
      expect(() => loadEnv({ SUPPLIER_ABN: bad }), bad).toThrow(/SUPPLIER_ABN/);
    }
  });

  it("keeps the former login-lockout names working", () => {
    const defaults = loadEnv({});
    expect(defaults.LOGIN_FAILURES_BEFORE_DELAY).toBe(5);
    expect(defaults.LOGIN_MAX_DELAY_SECONDS).toBe(900);
    const legacy = loadEnv({ LOGIN_MAX_FAILURES: "3", LOGIN_LOCKOUT_MINUTES: "2" });
    expect(legacy.LOGIN_FAILURES_BEFORE_DELAY).toBe(3);
    expect(legacy.LOGIN_MAX_DELAY_SECONDS).toBe(120);
    const both = loadEnv({ LOGIN_MAX_FAILURES: "3", LOGIN_FAILURES_BEFORE_DELAY: "7" });
    expect(both.LOGIN_FAILURES_BEFORE_DELAY).toBe(7);
  });

  it("refuses to start several replicas without a shared JWT_SECRET or with the embedded database", () => {
    const server = "postgres://postgres@127.0.0.1:5432/kerb";
    const secret = "a-shared-secret-a-shared-secret-0123456789";
    expect(isClusterMode(loadEnv({}))).toBe(false);
    expect(() => loadEnv({ CLUSTER_MODE: "true", DATABASE_URL: server })).toThrow(
      /JWT_SECRET is required when several replicas run \(CLUSTER_MODE=true\)/,
    );
    expect(() => loadEnv({ REDIS_URL: "redis://127.0.0.1:6379", DATABASE_URL: server })).toThrow(
      /JWT_SECRET is required when several replicas run \(REDIS_URL is set\)/,
    );
    expect(() => loadEnv({ CLUSTER_MODE: "true", JWT_SECRET: secret })).toThrow(
      /DATABASE_URL is required .* single-process/,
    );
    const cluster = loadEnv({
      REDIS_URL: "redis://127.0.0.1:6379",
      DATABASE_URL: server,
      JWT_SECRET: secret,
    });
    expect(isClusterMode(cluster)).toBe(true);
    expect(cluster.REDIS_KEY_PREFIX).toBe("kerb:");
  });
});
