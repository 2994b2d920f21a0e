/**
 * The server's message catalogue (DESIGN §5): every `code` the API can answer, in
 * Afrikaans and English. The client shows the server's `message`; codes let it
 * react without parsing text.
 */
export const LANGUAGES = ["af", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

export const MESSAGES = {
  bad_request: { af: "Die versoek is ongeldig.", en: "The request is invalid." },
  invalid_json: { af: "Die versoek se JSON is ongeldig.", en: "The request's JSON is invalid." },
  validation_failed: {
    af: "Sommige velde is ongeldig. Kyk asseblief weer.",
    en: "Some fields are invalid. Please check them.",
  },
  unsupported_media_type: {
    af: "Stuur asseblief JSON (Content-Type: application/json).",
    en: "Please send JSON (Content-Type: application/json).",
  },
  invalid_field: { af: "Hierdie waarde is ongeldig.", en: "This value is invalid." },
  unknown_field: { af: "Onbekende veld.", en: "Unknown field." },
  payload_too_large: { af: "Die versoek is te groot.", en: "The request is too large." },
  forbidden_origin: {
    af: "Versoeke van 'n ander webwerf word geweier.",
    en: "Requests from another site are refused.",
  },
  unauthenticated: { af: "Teken asseblief eers aan.", en: "Please sign in first." },
  forbidden: {
    af: "Jy het nie toegang tot hierdie aksie nie.",
    en: "You do not have access to this action.",
  },
  not_found: { af: "Nie gevind nie.", en: "Not found." },
  unknown_table: { af: "Onbekende tabel.", en: "Unknown table." },
  unknown_column: { af: "Onbekende kolom.", en: "Unknown column." },
  column_not_writable: {
    af: "Hierdie veld mag nie verander word nie.",
    en: "This field may not be changed.",
  },
  conflict: {
    af: "Hierdie rekord bestaan reeds.",
    en: "This record already exists.",
  },
  in_use: {
    af: "Hierdie rekord word nog gebruik en kan nie geskrap word nie.",
    en: "This record is still in use and cannot be deleted.",
  },
  method_not_allowed: {
    af: "Hierdie aksie word nie vir hierdie tabel ondersteun nie.",
    en: "This action is not supported for this table.",
  },
  // Weekly menu creation, spec §5: the Afrikaans texts are the spec's, word for word.
  weekly_menu_dates_required: {
    af: "Vul asseblief beide begin- en einddatums in",
    en: "Please fill in both the start and end dates",
  },
  weekly_menu_end_not_after_start: {
    af: "Einddatum moet na begindatum wees",
    en: "The end date must be after the start date",
  },
  weekly_menu_not_five_days: {
    af: "Weeklikse spyskaart moet presies 5 dae dek (Maandag tot Vrydag)",
    en: "A weekly menu must cover exactly 5 days (Monday to Friday)",
  },
  weekly_menu_not_monday: {
    af: "Weeklikse spyskaart moet op Maandag begin",
    en: "A weekly menu must start on a Monday",
  },
  weekly_menu_not_friday: {
    af: "Weeklikse spyskaart moet op Vrydag eindig",
    en: "A weekly menu must end on a Friday",
  },
  weekly_menu_not_future: {
    af: "Weeklikse spyskaart begindatum moet in die toekoms wees",
    en: "The weekly menu's start date must be in the future",
  },
  weekly_menu_exists: {
    af: "'n Weeklikse spyskaart met hierdie presiese datums bestaan reeds. Kies asseblief ander datums.",
    en: "A weekly menu with these exact dates already exists. Please choose other dates.",
  },
  // Food items, spec §5: the two required-field texts are the spec's (decision 0006 for the rest).
  food_item_menu_missing: {
    af: "Kies asseblief eers 'n weeklikse spyskaart",
    en: "Please choose a weekly menu first",
  },
  food_item_fields_missing: {
    af: "Vul asseblief alle verpligte velde in: Naam, Beskrywing, Prys en Dag van Week",
    en: "Please fill in all required fields: Name, Description, Price and Day of Week",
  },
  food_item_day_taken: {
    af: "Hierdie dag het reeds 'n item.",
    en: "This day already has an item.",
  },
  food_item_ordered: {
    af: "Hierdie item is al bestel en kan nie geskrap word nie.",
    en: "This item has already been ordered and cannot be deleted.",
  },
  internal_error: {
    af: "Iets het verkeerd gegaan op die bediener. Probeer asseblief weer.",
    en: "Something went wrong on the server. Please try again.",
  },
  rate_limited: {
    af: "Te veel aantekenpogings. Wag asseblief 'n rukkie en probeer weer.",
    en: "Too many sign-in attempts. Please wait a while and try again.",
  },
  signup_rate_limited: {
    af: "Te veel registrasies van hierdie adres af. Probeer asseblief later weer.",
    en: "Too many sign-ups from this address. Please try again later.",
  },
  database_unavailable: {
    af: "Die databasis is nie beskikbaar nie. Probeer asseblief later weer.",
    en: "The database is unavailable. Please try again later.",
  },
  login_success: { af: "Suksesvol aangeteken.", en: "Signed in successfully." },
  login_failed: {
    af: "E-pos of wagwoord is verkeerd.",
    en: "Email or password is incorrect.",
  },
  email_not_verified: {
    af: "Verifieer asseblief eers jou e-posadres.",
    en: "Please verify your email address first.",
  },
  account_not_set_up: {
    af: "Hierdie rekening is nog nie opgestel nie. Gebruik die skakel in jou uitnodiging.",
    en: "This account is not set up yet. Use the link in your invitation.",
  },
  unauthorized_role: {
    af: "Slegs kantienpersoneel (rol 3) en admin (rol 4) het toegang.",
    en: "Only canteen staff (role 3) and admin (role 4) have access.",
  },
  logout_success: { af: "Suksesvol afgeteken.", en: "Signed out successfully." },
  signup_success: {
    af: "Rekening geskep. Kyk in jou e-pos vir die verifikasieskakel.",
    en: "Account created. Check your email for the verification link.",
  },
  email_taken: {
    af: "'n Rekening met hierdie e-posadres bestaan reeds.",
    en: "An account with this email address already exists.",
  },
  akd_number_taken: {
    af: "Hierdie akademienommer word reeds gebruik.",
    en: "This academy number is already in use.",
  },
  verify_success: { af: "E-pos suksesvol geverifieer.", en: "Email verified successfully." },
  token_missing_verification: {
    af: "Geen verifikasie token gevind",
    en: "No verification token found",
  },
  token_missing_invitation: {
    af: "Geen uitnodiging token gevind",
    en: "No invitation token found",
  },
  token_invalid: {
    af: "Hierdie skakel is ongeldig, reeds gebruik of verval.",
    en: "This link is invalid, already used or expired.",
  },
  invitation_valid: { af: "Uitnodiging is geldig.", en: "The invitation is valid." },
  setup_success: {
    af: "Rekening suksesvol opgestel! Jy word nou na aanteken gestuur.",
    en: "Account set up successfully! Taking you to sign in.",
  },
  password_mismatch: { af: "Wagwoorde stem nie ooreen nie", en: "Passwords do not match" },
  password_too_short: {
    af: "Wagwoord moet ten minste 6 karakters wees",
    en: "Password must be at least 6 characters",
  },
  invite_success: { af: "Uitnodiging suksesvol gestuur!", en: "Invitation sent successfully!" },
  status_transition_forbidden: {
    af: "Hierdie statusverandering word nie toegelaat nie.",
    en: "This status change is not allowed.",
  },
  // Image uploads (spec §5, DESIGN §2): the missing-file text is the spec's.
  upload_file_missing: { af: "Kies asseblief eers 'n lêer", en: "Please choose a file first" },
  upload_failed: { af: "Oplaai het misluk", en: "Upload failed" },
  upload_too_large: { af: "Die lêer is groter as 5 MB.", en: "The file is larger than 5 MB." },
  upload_unsupported_type: {
    af: "Slegs JPEG-, PNG- of WebP-beelde word aanvaar.",
    en: "Only JPEG, PNG or WebP images are accepted.",
  },
  upload_too_many_pixels: {
    af: "Die beeld het te veel piksels (hoogstens 40 megapiksels).",
    en: "The image has too many pixels (at most 40 megapixels).",
  },
  settings_saved: {
    af: "Persoonlike instellings suksesvol gestoor!",
    en: "Personal settings saved successfully!",
  },
  top_up_amount_invalid: {
    af: "Voer 'n bedrag groter as R0 en hoogstens R10 000 in, met hoogstens 2 desimale.",
    en: "Enter an amount above R0 and at most R10,000, with at most 2 decimals.",
  },
  // Customers and staff (issue 5, decision 0010).
  employee_number_taken: {
    af: "Hierdie werknemernommer word reeds gebruik.",
    en: "This employee number is already in use.",
  },
  last_admin: {
    af: "Die laaste admin kan nie gedegradeer of verwyder word nie.",
    en: "The last admin cannot be demoted or removed.",
  },
  own_account: {
    af: "Jy kan nie jou eie rol verander of jou eie rekening verwyder nie.",
    en: "You cannot change your own role or remove your own account.",
  },
  person_deleted: { af: "Gebruiker verwyder.", en: "User removed." },
  person_anonymised: {
    af: "Gebruiker verwyder. Die bestellings en beursiegeskiedenis bly bewaar, sonder persoonlike besonderhede.",
    en: "User removed. Their orders and wallet history are kept, without personal details.",
  },
  invitation_not_pending: {
    af: "Hierdie persoon het reeds hul rekening opgestel.",
    en: "This person has already set up their account.",
  },
  idempotency_key_required: {
    af: "Die versoek moet 'n Idempotency-Key hê.",
    en: "The request needs an Idempotency-Key.",
  },
  idempotency_key_reused: {
    af: "Hierdie Idempotency-Key is reeds vir 'n ander versoek gebruik.",
    en: "This Idempotency-Key was already used for another request.",
  },
  // Orders summary and orders paid from the wallet (issue 4, decision 0008).
  order_range_invalid: {
    af: "Die einddatum moet op of na die begindatum wees.",
    en: "The end date must be on or after the start date.",
  },
  order_range_too_long: {
    af: "Kies asseblief 'n tydperk van hoogstens een jaar.",
    en: "Please choose a period of at most one year.",
  },
  order_customer_invalid: {
    af: "Kies asseblief 'n kliënt (student of akademiese personeel).",
    en: "Please choose a customer (student or academic staff).",
  },
  order_item_unavailable: {
    af: "Hierdie item is nie op die spyskaart nie.",
    en: "This item is not on the menu.",
  },
  order_delivery_mismatch: {
    af: "Hierdie item word nie op die gekose dag bedien nie. Kies die dag van sy spyskaart.",
    en: "This item is not served on the chosen day. Choose the day of its menu.",
  },
  order_delivery_past: {
    af: "Die afleweringsdag is verby. Kies vandag of 'n latere dag.",
    en: "The delivery day has passed. Choose today or a later day.",
  },
  order_quantity_invalid: {
    af: "Die hoeveelheid moet 'n heelgetal van 1 tot 20 wees.",
    en: "The quantity must be a whole number from 1 to 20.",
  },
  insufficient_balance: {
    af: "Die kliënt se beursie het nie genoeg geld vir hierdie bestelling nie. Niks is afgetrek nie.",
    en: "The customer's wallet does not have enough money for this order. Nothing was charged.",
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageCode = keyof typeof MESSAGES;

export function message(code: MessageCode, language: Language = "af"): string {
  return MESSAGES[code][language];
}

/** Picks af or en from a stored setting or an Accept-Language header; af by default. */
export function pickLanguage(preferred: string | null | undefined): Language {
  if (!preferred) return "af";
  for (const part of preferred.split(",")) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === "af") return "af";
    if (tag === "en") return "en";
  }
  return "af";
}
