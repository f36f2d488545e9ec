import {
  type DefaultError,
  type UseMutateAsyncFunction,
  type UseMutateFunction,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
} from "@tanstack/react-query";
import { useCallback, useRef } from "react";

/*
 * One action per click for what must not happen twice: a purchase, a payment, a lesson move (issue 30).
 * A button shows its action under way (disabled) only after the re-render that follows the click, and
 * TanStack Query reports a mutation pending a tick later still: time enough for a double click's second
 * click to start the action again. These guards refuse it at once, in the handler itself.
 */

/**
 * `action`, once at a time: a call while the last one is still running starts nothing and gets that
 * run's promise.
 */
export function useSingleFlight<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  const running = useRef<Promise<Result> | null>(null);
  const latest = useRef(action);
  latest.current = action;
  return useCallback((...args: Args) => {
    if (running.current) return running.current;
    const run = latest.current(...args).finally(() => {
      running.current = null;
    });
    running.current = run;
    return run;
  }, []);
}

/** A fresh key for one intended action. `randomUUID` is missing outside secure contexts (http on a LAN). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // RFC 9562 version 4, variant 10.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type SingleFlightMutationOptions<TData, TError, TVariables, TContext> = Omit<
  UseMutationOptions<TData, TError, TVariables, TContext>,
  "mutationFn"
> & {
  /** Sends `idempotencyKey` as the request's Idempotency-Key header (api-client's `idempotencyKey`). */
  mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
};

/**
 * useMutation for an action that must happen once per click (buy, pay, move, accept):
 * - while it runs, `mutate` ignores further calls and `mutateAsync` hands back the running promise;
 * - every attempt carries an Idempotency-Key made for the intended action: a failed attempt keeps it, so
 *   a retry after an answer that was lost gets the first answer from the server rather than a second
 *   purchase; a success or `reset()` (the action changed) makes the next attempt a new action.
 */
export function useSingleFlightMutation<TData, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: SingleFlightMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const key = useRef<string | null>(null);
  const mutation = useMutation<TData, TError, TVariables, TContext>({
    ...options,
    mutationFn: (variables) => {
      key.current ??= newIdempotencyKey();
      return options.mutationFn(variables, key.current);
    },
  });
  const { mutateAsync: start, reset: resetMutation } = mutation;
  type Call = Parameters<UseMutateAsyncFunction<TData, TError, TVariables, TContext>>;
  const mutateAsync: UseMutateAsyncFunction<TData, TError, TVariables, TContext> = useSingleFlight(
    async (...call: Call) => {
      const data = await start(...call);
      key.current = null;
      return data;
    },
  );
  const mutate: UseMutateFunction<TData, TError, TVariables, TContext> = useCallback(
    (...call: Call) => {
      // The error reaches the mutation's state and callbacks, as useMutation's own mutate leaves it.
      mutateAsync(...call).catch(() => undefined);
    },
    [mutateAsync],
  );
  const reset = useCallback(() => {
    key.current = null;
    resetMutation();
  }, [resetMutation]);
  return { ...mutation, mutate, mutateAsync, reset };
}
