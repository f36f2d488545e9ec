import type { FieldValues, Resolver } from "react-hook-form";

type LazyResolver<TFieldValues extends FieldValues, TTransformed> = Resolver<
  TFieldValues,
  unknown,
  TTransformed
> & {
  /** Starts loading the validation code early, for example when the user reaches the form. */
  preload: () => void;
};

/**
 * A react-hook-form resolver whose code (a zod schema, and zod itself with it) is imported on first use
 * instead of with the page: zod is about 25 KB gzip that /login and /register would otherwise download
 * before they can paint. Forms validate on submit, so the import has until then; `preload` starts it
 * as soon as the user touches the form. A failed import (offline) is retried on the next validation.
 */
export function lazyResolver<TFieldValues extends FieldValues, TTransformed>(
  load: () => Promise<Resolver<TFieldValues, unknown, TTransformed>>,
): LazyResolver<TFieldValues, TTransformed> {
  let loading: Promise<Resolver<TFieldValues, unknown, TTransformed>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver = (async (values, context, options) =>
    (await get())(values, context, options)) as LazyResolver<TFieldValues, TTransformed>;
  resolver.preload = () => {
    get().catch(() => {
      // Reported by the validation that needs it; preloading is only a head start.
    });
  };
  return resolver;
}
