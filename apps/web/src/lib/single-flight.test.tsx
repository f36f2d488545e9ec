import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./query-client";
import { newIdempotencyKey, useSingleFlightMutation } from "./single-flight";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function setup(mutationFn: (variables: string, key: string) => Promise<string>) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useSingleFlightMutation({ mutationFn }), { wrapper });
}

describe("useSingleFlightMutation", () => {
  it("runs once while it runs, whatever calls it", async () => {
    let finish: (value: string) => void = () => {};
    const send = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const { result } = setup(send);
    let first: Promise<string> | undefined;
    let again: Promise<string> | undefined;
    act(() => {
      result.current.mutate("pay");
      result.current.mutate("pay");
      first = result.current.mutateAsync("pay");
      again = result.current.mutateAsync("pay");
    });
    expect(again).toBe(first);
    await waitFor(() => expect(send).toHaveBeenCalled());
    await act(async () => finish("paid"));
    await expect(first).resolves.toBe("paid");
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("keeps the key across a failed attempt, and makes a new one after a success or a reset", async () => {
    const keys: string[] = [];
    let fail = true;
    const { result } = setup(async (_variables, key) => {
      keys.push(key);
      if (fail) throw new Error("lost");
      return "paid";
    });
    await act(() => result.current.mutateAsync("pay").catch(() => undefined));
    fail = false;
    await act(() => result.current.mutateAsync("pay"));
    await act(() => result.current.mutateAsync("pay again"));
    act(() => result.current.reset());
    await act(() => result.current.mutateAsync("something else"));
    await waitFor(() => expect(keys).toHaveLength(4));
    expect(keys[0]).toMatch(UUID_V4);
    // The retry is the same purchase; the purchase after it a new one; after a reset, new again.
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys).size).toBe(3);
  });
});

describe("newIdempotencyKey", () => {
  it("makes version 4 UUIDs, without randomUUID too (an http page on a LAN address)", () => {
    expect(newIdempotencyKey()).toMatch(UUID_V4);
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 20 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(20);
      for (const key of keys) expect(key).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: randomUUID, configurable: true });
    }
  });
});
