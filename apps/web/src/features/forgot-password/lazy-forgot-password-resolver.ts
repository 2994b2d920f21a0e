import type { ForgotPasswordInput } from "@kantien/domain/auth";
import { lazyResolver } from "../../lib/lazy-resolver";

/** The domain's `forgotPasswordInput` schema, loaded on the first validation (zod stays out of the first load). */
export const { resolver: lazyForgotPasswordResolver, preload: preloadForgotPasswordResolver } =
  lazyResolver<ForgotPasswordInput>(() =>
    import("./forgot-password-schema-resolver").then((m) => m.forgotPasswordResolver),
  );
