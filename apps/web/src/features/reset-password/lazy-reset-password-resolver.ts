import type { NewPasswordForm } from "@kantien/domain/auth";
import { lazyResolver } from "../../lib/lazy-resolver";

/**
 * The domain's `newPasswordForm` schema (the password rule and a matching repeat), loaded on
 * the first validation: the page opens from a mail link, often on a phone, without zod.
 */
export const { resolver: lazyResetPasswordResolver, preload: preloadResetPasswordResolver } =
  lazyResolver<NewPasswordForm>(() =>
    import("./reset-password-schema-resolver").then((m) => m.resetPasswordResolver),
  );
