import type { LoginInput } from "@kantien/domain/auth";
import { lazyResolver } from "./lazy-resolver";

/** The domain's `loginInput` schema, loaded on the first validation (zod stays out of the /login first load). */
export const { resolver: lazyLoginResolver, preload: preloadLoginResolver } = lazyResolver<LoginInput>(() =>
  import("./login-schema-resolver").then((m) => m.loginResolver),
);
