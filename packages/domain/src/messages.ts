/**
 * The server's message catalogue: every `code` the API can answer, in
 * Afrikaans and English: the field messages forms show themselves (field-messages.ts) and the
 * server's answers. The client shows the server's `message`; codes let it react without
 * parsing text.
 */
import { type ErrorStatus, FIELD_MESSAGES } from "./field-messages";
import type { Language } from "./language";

export type { ErrorStatus };

/**
 * `status` is the HTTP status of every answer with that code (an error's status belongs to
 * its code, decision 0013); codes without one are success texts or field messages.
 */
export const MESSAGES = {
  ...FIELD_MESSAGES,
  bad_request: { status: 400, af: "Die versoek is ongeldig.", en: "The request is invalid." },
  invalid_date: {
    status: 400,
    af: "Voer 'n geldige datum tussen 2000 en 2100 in.",
    en: "Enter a valid date between 2000 and 2100.",
  },
  invalid_json: { status: 400, af: "Die versoek se JSON is ongeldig.", en: "The request's JSON is invalid." },
  unsupported_media_type: {
    status: 415,
    af: "Stuur asseblief JSON (Content-Type: application/json).",
    en: "Please send JSON (Content-Type: application/json).",
  },
  unknown_field: { status: 400, af: "Onbekende veld.", en: "Unknown field." },
  payload_too_large: { status: 413, af: "Die versoek is te groot.", en: "The request is too large." },
  forbidden_origin: {
    status: 403,
    af: "Versoeke van 'n ander webwerf word geweier.",
    en: "Requests from another site are refused.",
  },
  unauthenticated: { status: 401, af: "Teken asseblief eers in.", en: "Please sign in first." },
  forbidden: {
    status: 403,
    af: "Jy het nie toegang tot hierdie aksie nie.",
    en: "You do not have access to this action.",
  },
  not_found: { status: 404, af: "Nie gevind nie.", en: "Not found." },
  unknown_table: { status: 404, af: "Onbekende tabel.", en: "Unknown table." },
  unknown_column: { status: 400, af: "Onbekende kolom.", en: "Unknown column." },
  role_not_assignable: {
    status: 403,
    af: "Jy mag nie hierdie rol toeken nie.",
    en: "You may not give this role.",
  },
  column_not_writable: {
    status: 400,
    af: "Hierdie veld mag nie verander word nie.",
    en: "This field may not be changed.",
  },
  conflict: {
    status: 409,
    af: "Hierdie rekord bestaan reeds.",
    en: "This record already exists.",
  },
  in_use: {
    status: 409,
    af: "Hierdie rekord word nog gebruik en kan nie geskrap word nie.",
    en: "This record is still in use and cannot be deleted.",
  },
  method_not_allowed: {
    status: 405,
    af: "Hierdie aksie word nie vir hierdie tabel ondersteun nie.",
    en: "This action is not supported for this table.",
  },
  food_item_day_taken: {
    status: 409,
    af: "Hierdie dag het reeds 'n item.",
    en: "This day already has an item.",
  },
  food_item_orders_touched: {
    status: 409,
    af: "Hierdie verandering aan die allergene raak {orders} oop bestellings van die gereg; {alerted} daarvan is vir klante met 'n allergie daarvoor. Hulle word per e-pos en in die app in kennis gestel en kan kanselleer. Bevestig om te stoor.",
    en: "This change to the allergens touches {orders} open orders of the dish; {alerted} of them are for customers with an allergy to it. They are told by email and in the app and may cancel. Confirm to save.",
  },
  menu_copy_source_empty: {
    status: 409,
    af: "Verlede week het geen geregte om te kopieer nie.",
    en: "Last week has no dishes to copy.",
  },
  menu_copy_target_not_empty: {
    status: 409,
    af: "Hierdie week het reeds geregte. Skrap hulle eers, of wysig die dae een vir een.",
    en: "This week already has dishes. Remove them first, or edit the days one by one.",
  },
  menu_copy_no_days_left: {
    status: 409,
    af: "Hierdie week het geen dae na vandag oor nie; kopieer na 'n latere week.",
    en: "This week has no days left after today; copy to a later week.",
  },
  day_not_over: {
    status: 409,
    af: "Net 'n dag wat verby is, kan afgesluit word.",
    en: "Only a day that is over can be closed.",
  },
  day_not_balanced: {
    status: 409,
    af: "Hierdie dag klop nie: die beursies se saldo's verskil van die grootboek. Soek die verskil voordat jy die dag afsluit.",
    en: "This day does not balance: the wallets' balances differ from the ledger. Find the difference before closing the day.",
  },
  day_already_closed: {
    status: 409,
    af: "Hierdie dag is reeds afgesluit.",
    en: "This day is already closed.",
  },
  food_item_ordered: {
    status: 409,
    af: "Hierdie item is al bestel en kan nie geskrap word nie.",
    en: "This item has already been ordered and cannot be deleted.",
  },
  internal_error: {
    status: 500,
    af: "Iets het verkeerd gegaan op die bediener. Probeer asseblief weer.",
    en: "Something went wrong on the server. Please try again.",
  },
  rate_limited: {
    status: 429,
    af: "Te veel aantekenpogings. Wag asseblief 'n rukkie en probeer weer.",
    en: "Too many sign-in attempts. Please wait a while and try again.",
  },
  signup_rate_limited: {
    status: 429,
    af: "Te veel registrasies van hierdie adres af. Probeer asseblief later weer.",
    en: "Too many sign-ups from this address. Please try again later.",
  },
  database_unavailable: {
    status: 503,
    af: "Die databasis is nie beskikbaar nie. Probeer asseblief later weer.",
    en: "The database is unavailable. Please try again later.",
  },
  shutting_down: {
    status: 503,
    af: "Hierdie bediener skakel nou af. Probeer asseblief oor 'n oomblik weer.",
    en: "This server is shutting down. Please try again in a moment.",
  },
  migrations_pending: {
    status: 503,
    af: "Die databasis is nog nie bygewerk nie. Probeer asseblief later weer.",
    en: "The database is not up to date yet. Please try again later.",
  },
  login_success: { af: "Jy is aangeteken.", en: "Signed in successfully." },
  login_failed: {
    status: 401,
    af: "E-pos of wagwoord is verkeerd.",
    en: "Email or password is incorrect.",
  },
  email_not_verified: {
    status: 403,
    af: "Verifieer asseblief eers jou e-posadres.",
    en: "Please verify your email address first.",
  },
  account_not_set_up: {
    status: 403,
    af: "Hierdie rekening is nog nie opgestel nie. Gebruik die skakel in jou uitnodiging.",
    en: "This account is not set up yet. Use the link in your invitation.",
  },
  unauthorized_role: {
    status: 403,
    af: "Hierdie aantekenblad is net vir die kantien se personeel.",
    en: "This sign-in is for canteen staff only.",
  },
  logout_success: { af: "Jy is uitgeteken.", en: "Signed out successfully." },
  signup_success: {
    af: "Rekening geskep. Kyk in jou e-pos vir die verifikasieskakel.",
    en: "Account created. Check your email for the verification link.",
  },
  email_taken: {
    status: 409,
    af: "'n Rekening met hierdie e-posadres bestaan reeds.",
    en: "An account with this email address already exists.",
  },
  akd_number_taken: {
    status: 409,
    af: "Hierdie akademienommer word reeds gebruik.",
    en: "This academy number is already in use.",
  },
  verify_success: { af: "Jou e-posadres is geverifieer.", en: "Email verified successfully." },
  token_missing_verification: {
    status: 400,
    af: "Geen verifikasietoken gevind nie",
    en: "No verification token found",
  },
  token_missing_invitation: {
    status: 400,
    af: "Geen uitnodigingstoken gevind nie",
    en: "No invitation token found",
  },
  token_invalid: {
    status: 400,
    af: "Hierdie skakel is ongeldig, is reeds gebruik of het verval.",
    en: "This link is invalid, already used or expired.",
  },
  invitation_valid: { af: "Uitnodiging is geldig.", en: "The invitation is valid." },
  setup_success: {
    af: "Jou rekening is opgestel. Jy word nou na die aantekenblad geneem.",
    en: "Account set up successfully! Taking you to sign in.",
  },
  invite_success: { af: "Die uitnodiging is gestuur.", en: "The invitation was sent." },
  already_collected: {
    status: 409,
    af: "Hierdie bestelling is reeds afgehaal. Niks is weer oorhandig nie.",
    en: "This order was already collected. Nothing was handed over again.",
  },
  status_transition_forbidden: {
    status: 409,
    af: "Hierdie statusverandering word nie toegelaat nie.",
    en: "This status change is not allowed.",
  },
  // Image uploads: the missing-file text is the canteen's own.
  upload_file_missing: { status: 400, af: "Kies asseblief eers 'n lêer", en: "Please choose a file first" },
  upload_failed: { status: 400, af: "Oplaai het misluk", en: "Upload failed" },
  upload_too_large: { status: 413, af: "Die lêer is groter as 5 MB.", en: "The file is larger than 5 MB." },
  upload_unsupported_type: {
    status: 415,
    af: "Slegs JPEG-, PNG- of WebP-beelde word aanvaar.",
    en: "Only JPEG, PNG or WebP images are accepted.",
  },
  upload_too_many_pixels: {
    status: 413,
    af: "Die beeld het te veel piksels (hoogstens 40 megapiksels).",
    en: "The image has too many pixels (at most 40 megapixels).",
  },
  settings_saved: {
    af: "Persoonlike instellings is gestoor.",
    en: "Personal settings saved.",
  },
  // Customers and staff (decision 0010).
  employee_number_taken: {
    status: 409,
    af: "Hierdie werknemernommer word reeds gebruik.",
    en: "This employee number is already in use.",
  },
  last_admin: {
    status: 409,
    af: "Die laaste admin kan nie gedegradeer of geskrap word nie.",
    en: "The last admin cannot be demoted or removed.",
  },
  own_account: {
    status: 403,
    af: "Jy kan nie jou eie rol verander of jou eie rekening skrap nie.",
    en: "You cannot change your own role or remove your own account.",
  },
  person_deleted: { af: "Gebruiker geskrap.", en: "User removed." },
  person_anonymised: {
    af: "Gebruiker geskrap. Die bestellings en beursiegeskiedenis bly behoue, sonder persoonlike besonderhede.",
    en: "User removed. Their orders and wallet history are kept, without personal details.",
  },
  invitation_not_pending: {
    status: 409,
    af: "Hierdie persoon het reeds hul rekening opgestel.",
    en: "This person has already set up their account.",
  },
  // A save based on a version of the record that another save replaced (decision 0057).
  stale: {
    status: 409,
    af: "Iemand anders het dit intussen verander. Kyk wat anders is en stoor weer.",
    en: "Someone else changed this meanwhile. Look at what is different and save again.",
  },
  if_match_invalid: {
    status: 400,
    af: "Die If-Match-kopskrif is ongeldig.",
    en: "The If-Match header is invalid.",
  },
  idempotency_key_required: {
    status: 400,
    af: "Die versoek moet 'n Idempotency-Key hê.",
    en: "The request needs an Idempotency-Key.",
  },
  idempotency_key_reused: {
    status: 409,
    af: "Hierdie Idempotency-Key is reeds vir 'n ander versoek gebruik.",
    en: "This Idempotency-Key was already used for another request.",
  },
  // Orders summary and orders paid from the wallet (decision 0008).
  insufficient_balance: {
    status: 409,
    af: "Die klant se beursie het nie genoeg geld vir hierdie bestelling nie. Niks is afgetrek nie.",
    en: "The customer's wallet does not have enough money for this order. Nothing was charged.",
  },
  // Allergies on orders (decision 0041); `{allergens}` is the matching allergens' names.
  allergen_blocked: {
    status: 409,
    af: "Hierdie gereg bevat {allergens}, waarvoor 'n ernstige allergie aangeteken is. Dit kan nie bestel word nie.",
    en: "This dish contains {allergens}, recorded as a severe allergy. It cannot be ordered.",
  },
  // `{unchecked}` is "Hierdie gereg se allergene is nog nie nagegaan nie. " when the dish's
  // declaration was never checked (`details.unchecked`), else empty.
  allergen_confirm_required: {
    status: 409,
    af: "{unchecked}Let op die aangetekende allergieë: {allergens}. Bevestig eers dat jy dit verstaan; dan kan jy bestel.",
    en: "{unchecked}Note the recorded allergies: {allergens}. Confirm that you understand to order it.",
  },
  allergens_unconfirmed: {
    status: 409,
    af: "Hierdie bestelling het 'n allergiewaarskuwing: {allergens}. Bevestig dat die allergene nagegaan is voordat dit as gereed gemerk of oorhandig word.",
    en: "This order has an allergy alert: {allergens}. Confirm the allergens were checked before it is ready or collected.",
  },
  // Customers' own orders (decision 0021): the canteen's rules, said to the customer.
  // Guardians and learners (decision 0068); `{left}` is what is left of the limit, in rand.
  limit_reached: {
    status: 409,
    af: "Hierdie bestelling gaan oor die leerder se bestedingsperk. Daar is nog {left} oor. Niks is afgetrek nie.",
    en: "This order goes over the learner's spending limit. {left} is left. Nothing was charged.",
  },
  item_blocked: {
    status: 409,
    af: "Die leerder se ouer of voog het hierdie gereg geblokkeer. Niks is afgetrek nie.",
    en: "The learner's parent or guardian has blocked this dish. Nothing was charged.",
  },
  link_code_unknown: {
    status: 404,
    af: "Ons ken nie hierdie koppelkode nie. Kyk weer na die brief van die skool.",
    en: "We do not know this link code. Check the school's letter again.",
  },
  learner_already_linked: {
    status: 409,
    af: "Jy is reeds aan hierdie leerder gekoppel.",
    en: "You are already linked to this learner.",
  },
  link_code_needs_academy_number: {
    status: 409,
    af: "Gee die leerder eers 'n akademienommer; dan kry hulle 'n koppelkode.",
    en: "Give the learner an academy number first; then they get a link code.",
  },
  guardian_consent_required: {
    status: 403,
    af: "Jou ouer of voog hou jou allergieë en dieet in die app by. Vra hulle om dit te verander.",
    en: "Your parent or guardian keeps your allergies and diet in the app. Ask them to change them.",
  },
  learner_allergies_saved: {
    af: "Die allergieë en dieet is gestoor, met jou toestemming.",
    en: "The allergies and diet are saved, with your consent.",
  },
  transfer_insufficient_balance: {
    status: 409,
    af: "Daar is nie genoeg geld in die leerder se beursie nie: {balance}. Niks is geskuif nie.",
    en: "There is not enough money in the learner's wallet: {balance}. Nothing was moved.",
  },
  transfer_done: {
    af: "{amount} is van {from} na {to} geskuif.",
    en: "{amount} was moved from {from} to {to}.",
  },
  counter_item_name_taken: {
    status: 409,
    af: "Daar is reeds 'n toonbank-item met hierdie naam.",
    en: "There is already a counter item with this name.",
  },
  counter_item_added: {
    af: "{name} is by die toonbank-items gevoeg.",
    en: "{name} was added to the counter items.",
  },
  counter_item_saved: {
    af: "{name} is gestoor.",
    en: "{name} was saved.",
  },
  counter_stock_saved: {
    af: "Die voorraad van {name} is gestoor.",
    en: "The stock of {name} was saved.",
  },
  portions_below_ordered: {
    status: 409,
    af: "Daar is reeds {ordered} porsies bestel: die getal porsies kan nie minder wees nie.",
    en: "{ordered} portions are ordered already: the number of portions cannot be fewer.",
  },
  sold_out: {
    status: 409,
    af: "Daar is nie genoeg porsies oor nie: nog {left}. Niks is afgetrek nie.",
    en: "There are not enough portions left: {left} left. Nothing was charged.",
  },
  counter_stock_below_sold: {
    status: 409,
    af: "Daar is vandag reeds {sold} verkoop: die voorraad kan nie minder wees nie.",
    en: "{sold} are sold today already: the stock cannot be less.",
  },
  // Learners' cards (decision 0072).
  learner_card_issued: {
    af: "{name} se nuwe kaart is uitgereik; 'n vorige kaart werk nie meer nie.",
    en: "{name}'s new card is issued; an earlier card no longer works.",
  },
  learner_card_unknown: {
    status: 404,
    af: "Hierdie kaart is onbekend of geblokkeer. Soek die klant op naam.",
    en: "This card is unknown or blocked. Find the customer by name.",
  },
  learner_card_needs_academy_number: {
    status: 409,
    af: "Gee die klant eers 'n akademienommer (Wysig); dan kry hulle 'n kaart.",
    en: "Give the customer an academy number first (Edit); then they get a card.",
  },
  learner_card_unavailable: {
    status: 409,
    af: "Jy het nog nie 'n akademienommer by die kantien nie: vra die kantien om dit by te voeg.",
    en: "You have no academy number at the canteen yet: ask the canteen to add it.",
  },
  learner_card_blocked: {
    af: "Die kaart is geblokkeer: dit werk nie meer by die toonbank nie.",
    en: "The card is blocked: it no longer works at the counter.",
  },
  // The counter's sales (decision 0071).
  portions_corrected: {
    af: "Die porsies van {name} is reggestel.",
    en: "The portions of {name} are corrected.",
  },
  sale_recorded: {
    af: "Verkoop {number} aangeteken: {total}.",
    en: "Sale {number} recorded: {total}.",
  },
  sale_recorded_wallet: {
    af: "Verkoop {number} aangeteken: {total} van {name} se beursie. Nuwe saldo {balance}.",
    en: "Sale {number} recorded: {total} from {name}'s wallet. New balance {balance}.",
  },
  sale_voided: {
    af: "Verkoop {number} is gekanselleer.",
    en: "Sale {number} was voided.",
  },
  sale_already_voided: {
    status: 409,
    af: "Hierdie verkoop is reeds gekanselleer.",
    en: "This sale was voided already.",
  },
  sale_void_not_today: {
    status: 409,
    af: "'n Verkoop kan net op sy eie dag gekanselleer word.",
    en: "A sale can only be voided on its own day.",
  },
  learner_import_missing: {
    status: 400,
    af: "Kies die skool se leerderlys (CSV) om in te lees.",
    en: "Choose the school's list of learners (CSV) to import.",
  },
  learner_import_too_large: {
    status: 413,
    af: "Die lys is te groot: hoogstens 2 MB.",
    en: "The list is too large: at most 2 MB.",
  },
  learner_import_unreadable: {
    status: 400,
    af: "Die lys kan nie as CSV gelees word nie (reël {line}). Stoor dit weer as CSV en probeer weer.",
    en: "The list cannot be read as CSV (line {line}). Save it as CSV again and try again.",
  },
  learner_import_empty: {
    status: 400,
    af: "Die lys het geen leerders nie: 'n opskrifreël en een reël per leerder.",
    en: "The list has no learners: a heading line and one line per learner.",
  },
  learner_import_columns: {
    status: 400,
    af: "Die lys se opskrifreël moet hierdie kolomme hê: {missing}.",
    en: "The list's heading line must have these columns: {missing}.",
  },
  learner_import_too_many_lines: {
    status: 400,
    af: "Die lys is te lank: hoogstens {max} leerders op een slag.",
    en: "The list is too long: at most {max} learners at a time.",
  },
  learner_import_has_errors: {
    status: 409,
    af: "{count} reël(s) het foute: maak hulle in die lys reg en lees dit weer in. Niks is ingelees nie.",
    en: "{count} line(s) have errors: fix them in the list and import it again. Nothing was imported.",
  },
  learner_import_cell_empty: {
    af: "die sel is leeg.",
    en: "the cell is empty.",
  },
  learner_import_akd_twice: {
    af: "Hierdie akademienommer staan reeds op reël {line}.",
    en: "This academy number is already on line {line}.",
  },
  learner_import_not_a_learner: {
    af: "Hierdie akademienommer behoort aan 'n personeellid, nie 'n leerder nie.",
    en: "This academy number belongs to a staff member, not a learner.",
  },
  learner_import_previewed: {
    af: "Kyk wat sal verander, en lees dan die lys in.",
    en: "Check what will change, then import the list.",
  },
  learner_import_done: {
    af: "Die lys is ingelees: {created} nuut, {updated} bygewerk, {invited} ouers genooi.",
    en: "The list is imported: {created} new, {updated} updated, {invited} parents invited.",
  },
  guardian_email_not_a_guardian: {
    status: 409,
    af: "Hierdie e-posadres behoort aan 'n leerder of die kombuis, nie aan 'n ouer of voog nie.",
    en: "This email address belongs to a learner or the kitchen, not a parent or guardian.",
  },
  payer_not_a_guardian: {
    status: 409,
    af: "Die betaler moet een van die leerder se ouers of voogde wees. Niks is bygevoeg nie.",
    en: "The payer must be one of the learner's parents or guardians. Nothing was added.",
  },
  guardian_already_linked: {
    status: 409,
    af: "Hierdie ouer of voog is reeds aan die leerder gekoppel.",
    en: "This parent or guardian is already linked to the learner.",
  },
  guardian_invited: {
    af: "{email} is genooi: hulle kry 'n e-pos om hul rekening op te stel, en is dan aan die leerder gekoppel.",
    en: "{email} is invited: they get an email to set up their account, and are then linked to the learner.",
  },
  guardian_linked_by_email: {
    af: "{email} is nou aan die leerder gekoppel.",
    en: "{email} is now linked to the learner.",
  },
  leave_balance_needs_a_home: {
    status: 409,
    af: "Die leerder het nog {balance} in die beursie: skuif dit na 'n broer of suster, of betaal dit terug. Niks is verander nie.",
    en: "The learner still has {balance} in the wallet: move it to a brother or sister, or pay it back. Nothing was changed.",
  },
  leave_balance_owed: {
    status: 409,
    af: "Die leerder se beursie staan op {balance}: maak dit eers met 'n regstelling reg. Niks is verander nie.",
    en: "The learner's wallet stands at {balance}: settle it with a correction first. Nothing was changed.",
  },
  leave_not_a_sibling: {
    status: 409,
    af: "Daardie leerder deel nie 'n ouer of voog met hierdie een nie. Niks is verander nie.",
    en: "That learner shares no parent or guardian with this one. Nothing was changed.",
  },
  leave_not_a_payee: {
    status: 409,
    af: "Die geld kan net teruggaan na een van die leerder se ouers of voogde, of na die leerder as niemand anders betaal nie. Niks is verander nie.",
    en: "The money can only go back to one of the learner's parents or guardians, or to the learner when nobody else pays. Nothing was changed.",
  },
  learner_left_to_sibling: {
    af: "{name} het die skool verlaat. {amount} is na {to} geskuif.",
    en: "{name} has left the school. {amount} was moved to {to}.",
  },
  learner_left_paid_out: {
    af: "{name} het die skool verlaat. {amount} is as terugbetaling aan {to} aangeteken.",
    en: "{name} has left the school. {amount} was recorded as paid back to {to}.",
  },
  learner_left: {
    af: "{name} het die skool verlaat.",
    en: "{name} has left the school.",
  },
  not_primary_guardian: {
    status: 403,
    af: "Net die leerder se eerste ouer of voog kan dit doen.",
    en: "Only the learner's first parent or guardian can do this.",
  },
  learner_linked: {
    af: "Die leerder is aan jou rekening gekoppel.",
    en: "The learner is linked to your account.",
  },
  learner_link_requested: {
    af: "As die besonderhede klop, koppel die kantien die leerder sodra dit goedgekeur is.",
    en: "If the details match, the canteen links the learner once it is approved.",
  },
  learner_limits_saved: { af: "Die perke is gestoor.", en: "The limits are saved." },
  guardian_link_approved: { af: "Die koppeling is goedgekeur.", en: "The link is approved." },
  guardian_link_removed: { af: "Die koppeling is verwyder.", en: "The link is removed." },
  my_order_placed: {
    af: "Jou bestelling is geplaas en uit jou beursie betaal.",
    en: "Your order was placed and paid from your wallet.",
  },
  my_order_cancelled: {
    af: "Jou bestelling is gekanselleer en die geld is terug in jou beursie.",
    en: "Your order was cancelled and the money is back in your wallet.",
  },
  my_order_cancelled_unpaid: {
    af: "Jou bestelling is gekanselleer. Dit was nie betaal nie, dus is geen geld terugbetaal nie.",
    en: "Your order was cancelled. It was not paid, so no money moved.",
  },
  // The same, to a guardian acting for a learner (the order and the wallet are the learner's).
  learner_order_placed: {
    af: "Die bestelling is geplaas en uit die leerder se beursie betaal.",
    en: "The order was placed and paid from the learner's wallet.",
  },
  learner_order_cancelled: {
    af: "Die bestelling is gekanselleer en die geld is terug in die leerder se beursie.",
    en: "The order was cancelled and the money is back in the learner's wallet.",
  },
  learner_order_cancelled_unpaid: {
    af: "Die bestelling is gekanselleer. Dit was nie betaal nie, dus is geen geld terugbetaal nie.",
    en: "The order was cancelled. It was not paid, so no money moved.",
  },
  my_profile_saved: {
    af: "Jou profiel is gestoor.",
    en: "Your profile was saved.",
  },
  consent_required: {
    status: 400,
    af: "Gee eers toestemming dat die kantien jou allergieë mag stoor.",
    en: "First give your consent for the canteen to keep your allergies.",
  },
  customer_allergies_saved: {
    af: "Die klant se allergieë en dieet is gestoor.",
    en: "The customer's allergies and diet were saved.",
  },
  password_current_wrong: {
    status: 400,
    af: "Jou huidige wagwoord is verkeerd.",
    en: "Your current password is wrong.",
  },
  password_changed: {
    af: "Jou wagwoord is verander. Jy is op jou ander toestelle uitgeteken.",
    en: "Your password was changed. You were signed out on your other devices.",
  },
  statement_imported: {
    af: "Die bankstaat is ingelees.",
    en: "The bank statement was read.",
  },
  statement_missing: {
    status: 400,
    af: "Kies 'n bankstaat (CSV of OFX) om in te lees.",
    en: "Choose a bank statement (CSV or OFX) to read.",
  },
  statement_too_large: {
    status: 413,
    af: "Die bankstaat is groter as 5 MB.",
    en: "The bank statement is larger than 5 MB.",
  },
  statement_unreadable: {
    status: 400,
    af: "Die bankstaat kon nie ingelees word nie. Niks daarvan is gekrediteer nie.",
    en: "The bank statement could not be read. Nothing from it was credited.",
  },
  statement_no_bank_statement: {
    status: 400,
    af: "Die lêer bevat geen bankstaat nie (net 'n aanmelding, 'n profiel of 'n beleggingsstaat). Laai die rekening se staat af. Niks is gekrediteer nie.",
    en: "The file holds no bank statement (only a sign-on, a profile or an investment statement). Download the account's statement. Nothing was credited.",
  },
  statement_credit_card: {
    status: 400,
    af: "Dit is 'n kredietkaartstaat. Lees die staat in van die rekening waarin ouers betaal. Niks is gekrediteer nie.",
    en: "This is a credit-card statement. Read in the statement of the account parents pay into. Nothing was credited.",
  },
  // `{currency}` is the statement's currency code as the bank wrote it (USD, EUR…).
  statement_not_rand: {
    status: 400,
    af: "Hierdie staat is in {currency}, nie in rand nie. Niks daarvan is gekrediteer nie.",
    en: "This statement is in {currency}, not in rand. Nothing from it was credited.",
  },
  statement_several_accounts: {
    status: 400,
    af: "Die lêer bevat state van meer as een rekening. Laai elke rekening se staat apart af. Niks is gekrediteer nie.",
    en: "The file holds statements of more than one account. Download each account's statement on its own. Nothing was credited.",
  },
  already_reversed: {
    status: 409,
    af: "Hierdie inbetaling is reeds teruggedraai. Niks is verander nie.",
    en: "This top-up was already reversed. Nothing was changed.",
  },
  not_reversible: {
    status: 409,
    af: "Net 'n inbetaling kan teruggedraai word, nie 'n bestelling of terugbetaling nie.",
    en: "Only a top-up can be reversed, not an order or a refund.",
  },
  reversal_insufficient_balance: {
    status: 409,
    af: "Die beursie het te min geld om dit terug te draai; dit sou onder nul gaan. Niks is verander nie.",
    en: "The wallet has too little money to reverse this; it would go below zero. Nothing was changed.",
  },
  top_up_reversed: {
    af: "Die inbetaling is teruggedraai.",
    en: "The top-up was reversed.",
  },
  already_allocated: {
    status: 409,
    af: "Hierdie inbetaling is reeds toegeken of afgewys. Niks is verander nie.",
    en: "This payment was already allocated or dismissed. Nothing was changed.",
  },
  bank_credit_allocated: {
    af: "Die inbetaling is by die beursie gevoeg.",
    en: "The payment was added to the wallet.",
  },
  bank_credit_dismissed: {
    af: "Die inbetaling is afgewys.",
    en: "The payment was dismissed.",
  },
  bank_details_saved: {
    af: "Die kantien se bankbesonderhede is gestoor.",
    en: "The canteen's bank details were saved.",
  },
  canteen_rules_saved: {
    af: "Die kantien se reëls is gestoor.",
    en: "The canteen's rules were saved.",
  },
  use_back_office: {
    status: 403,
    af: "Die kantien se personeel teken by /login in, nie in die bestel-app nie.",
    en: "Canteen staff sign in at /login, not in the ordering app.",
  },
  // Forgot password: the request's answer is the same whether the address has an account or not.
  password_reset_requested: {
    af: "As daar 'n rekening met hierdie e-posadres is, het ons 'n skakel gestuur om die wagwoord terug te stel.",
    en: "If there is an account with this email address, we have sent a link to reset its password.",
  },
  password_reset_success: {
    af: "Jou wagwoord is verander. Teken nou met jou nuwe wagwoord in.",
    en: "Your password has been changed. Sign in with your new password now.",
  },
  token_missing_reset: {
    status: 400,
    af: "Geen terugsteltoken gevind nie",
    en: "No reset token found",
  },
  // Online payments (decision 0074).
  payment_provider_invalid: {
    status: 400,
    af: "Kies PayFast, Yoco of geen aanlynbetalings nie.",
    en: "Choose PayFast, Yoco or no online payments.",
  },
  payment_amount_limits_invalid: {
    status: 400,
    af: "Voer bedrae bo R 0 en hoogstens R 10 000 in; die kleinste mag nie bo die grootste wees nie.",
    en: "Enter amounts above R 0 and at most R 10 000; the smallest may not be above the largest.",
  },
  payment_fee_invalid: {
    status: 400,
    af: "Die fooi is hoogstens R 100 plus hoogstens 10% van die bedrag.",
    en: "The fee is at most R 100 plus at most 10% of the amount.",
  },
  payment_merchant_id_invalid: {
    status: 400,
    af: "PayFast se handelaar-ID is net syfers.",
    en: "PayFast's merchant ID is digits only.",
  },
  payment_secret_invalid: {
    status: 400,
    af: "Plak die sleutel soos die verskaffer dit gee (hoogstens 200 karakters).",
    en: "Paste the key as the provider gives it (at most 200 characters).",
  },
  payment_webhook_secret_invalid: {
    status: 400,
    af: "Yoco se webhook-geheim begin met whsec_.",
    en: "Yoco's webhook secret starts with whsec_.",
  },
  payment_amount_invalid: {
    status: 400,
    af: "Voer 'n bedrag in rand in.",
    en: "Enter an amount in rand.",
  },
  payment_amount_out_of_range: {
    status: 400,
    af: "Laai tussen {min} en {max} op.",
    en: "Top up between {min} and {max}.",
  },
  payments_off: {
    status: 409,
    af: "Die kantien neem nog nie aanlynbetalings nie. Betaal per EFT of by die toonbank.",
    en: "The canteen does not take online payments yet. Pay by EFT or at the counter.",
  },
  payment_provider_not_ready: {
    status: 409,
    af: "Die betaalverskaffer se sleutels is nie almal gestel nie.",
    en: "Not all of the payment provider's keys are set.",
  },
  payment_simulator_not_allowed: {
    status: 409,
    af: "Die simulator is net vir die demo en toetse.",
    en: "The simulator is only for the demo and tests.",
  },
  payment_provider_unreachable: {
    status: 503,
    af: "Die betaalverskaffer antwoord nie. Probeer asseblief later weer; niks is betaal nie.",
    en: "The payment provider does not answer. Please try again later; nothing was paid.",
  },
  payment_notification_refused: {
    status: 400,
    af: "Die kennisgewing is geweier.",
    en: "The notification was refused.",
  },
  payment_already_settled: {
    status: 409,
    af: "Hierdie betaling is reeds afgehandel. Begin 'n nuwe een as jy weer wil oplaai.",
    en: "This payment is already settled. Start a new one to top up again.",
  },
  payment_settings_saved: {
    af: "Die aanlynbetalings is gestoor.",
    en: "The online payments were saved.",
  },
} as const satisfies Record<string, Record<Language, string> & { status?: ErrorStatus }>;

export type MessageCode = keyof typeof MESSAGES;

/** The codes an error answer may carry: those with a status. */
export type ErrorCode = {
  [K in MessageCode]: (typeof MESSAGES)[K] extends { status: ErrorStatus } ? K : never;
}[MessageCode];

export function statusOf(code: ErrorCode): ErrorStatus {
  return (MESSAGES[code] as { status: ErrorStatus }).status;
}

/** The message in `language`, its `{placeholders}` filled from `words` (one left as it is when not given). */
export function message(
  code: MessageCode,
  language: Language = "af",
  words: Record<string, string> = {},
): string {
  return MESSAGES[code][language].replace(
    /\{(\w+)\}/g,
    (placeholder, name: string) => words[name] ?? placeholder,
  );
}
