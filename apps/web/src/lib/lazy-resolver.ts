import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A form's resolver whose schema loads on the first validation rather than with the page:
 * zod is the largest library a public screen would otherwise need up front (the
 * first-load budgets). `load` imports the module that builds the zod resolver; `preload` starts that
 * early, e.g. when the form gets focus. A failed load is tried again next time.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>) {
  let loading: Promise<Resolver<T>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<T> = async (values, context, options) => (await get())(values, context, options);
  const preload = () => {
    // A failure shows on the first validation, which loads again.
    get().catch(() => undefined);
  };
  return { resolver, preload };
}
