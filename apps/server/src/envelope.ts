/*
 * The success envelope every answer shares (`answers()` / `createdAnswers()` in the domain's
 * api.ts describe it): `{ success: true, … }`. The failure envelope is the error handler's
 * (plugins/error-handler.ts), reached by throwing an `AppError` (errors.ts).
 */

/** An answer with `data`, and beside it what the schema adds (`total`, `message`, …). */
export function ok<Data, Extra extends object = Record<never, never>>(
  data: Data,
  extra?: Extra,
): { success: true; data: Data } & Extra {
  return { success: true, data, ...(extra as Extra) };
}

/** An answer without `data`: a message, the signed-in user, the settings, … */
export function okWith<Fields extends object>(fields: Fields): { success: true } & Fields {
  return { success: true, ...fields };
}
