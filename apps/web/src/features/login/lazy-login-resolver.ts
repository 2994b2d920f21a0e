import type { LoginInput } from "@kantien/domain/auth";
import type { Resolver } from "react-hook-form";

/**
 * The domain's `loginInput` schema, loaded on the first validation rather than with the
 * page: zod is the largest library /login would otherwise need up front (DESIGN §10 budget).
 */
export const lazyLoginResolver: Resolver<LoginInput> = async (values, context, options) => {
  const { loginResolver } = await import("./login-schema-resolver");
  return loginResolver(values, context, options);
};

/** Starts loading the schema early, e.g. when the user begins typing. */
export function preloadLoginResolver(): void {
  void import("./login-schema-resolver");
}
