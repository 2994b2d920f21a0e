/**
 * The messages a form can show without asking the server: the codes the domain's schemas and
 * rules put on a field, in Afrikaans and English. A form's first load takes only these; the
 * whole catalogue (messages.ts) adds the server's answers. Weekly menus and food items keep the
 * Afrikaans texts the canteen has always used, word for word (decision 0006).
 */
import type { Language } from "./language";

/** The HTTP statuses an error answer carries. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 500 | 503;

export const FIELD_MESSAGES = {
  invalid_text: {
    status: 400,
    af: "Die teks bevat karakters wat nie toegelaat word nie.",
    en: "The text contains characters that are not allowed.",
  },
  validation_failed: {
    status: 400,
    af: "Sommige velde is ongeldig. Kyk asseblief weer.",
    en: "Some fields are invalid. Please check them.",
  },
  invalid_field: { status: 400, af: "Hierdie waarde is ongeldig.", en: "This value is invalid." },
  // Guardians (decision 0068).
  link_code_invalid: {
    status: 400,
    af: "'n Koppelkode het 8 letters en syfers, soos ABCD-EFGH.",
    en: "A link code has 8 letters and digits, like ABCD-EFGH.",
  },
  transfer_amount_invalid: {
    status: 400,
    af: "Voer 'n bedrag in rand in, bo R 0 en hoogstens R 10 000.",
    en: "Enter an amount in rand, above R 0 and at most R 10 000.",
  },
  akd_number_required: {
    status: 400,
    af: "Voer die akademienommer in.",
    en: "Enter the academy number.",
  },
  date_of_birth_invalid: {
    status: 400,
    af: "Skryf die geboortedatum as JJJJ-MM-DD of DD/MM/JJJJ.",
    en: "Write the date of birth as YYYY-MM-DD or DD/MM/YYYY.",
  },
  too_many_guardians: {
    status: 400,
    af: "Hoogstens 4 e-posadresse per leerder.",
    en: "At most 4 email addresses per learner.",
  },
  bank_reference_required: {
    status: 400,
    af: "Voer die verwysing van die bankoorbetaling in.",
    en: "Enter the reference of the bank transfer.",
  },
  transfer_same_learner: {
    status: 400,
    af: "Kies twee verskillende leerders.",
    en: "Choose two different learners.",
  },
  limit_invalid: {
    status: 400,
    af: "Voer 'n bedrag in rand in, soos 50 of 50,00, of laat dit leeg vir geen perk.",
    en: "Enter an amount in rand, like 50 or 50.00, or leave it empty for no limit.",
  },
  weekly_menu_dates_required: {
    status: 400,
    af: "Vul asseblief die begin- en einddatum in",
    en: "Please fill in both the start and end dates",
  },
  weekly_menu_end_not_after_start: {
    status: 400,
    af: "Die einddatum moet ná die begindatum wees",
    en: "The end date must be after the start date",
  },
  weekly_menu_not_five_days: {
    status: 400,
    af: "'n Weeklikse spyskaart moet presies 5 dae dek (Maandag tot Vrydag)",
    en: "A weekly menu must cover exactly 5 days (Monday to Friday)",
  },
  weekly_menu_not_monday: {
    status: 400,
    af: "'n Weeklikse spyskaart moet op 'n Maandag begin",
    en: "A weekly menu must start on a Monday",
  },
  weekly_menu_not_friday: {
    status: 400,
    af: "'n Weeklikse spyskaart moet op 'n Vrydag eindig",
    en: "A weekly menu must end on a Friday",
  },
  weekly_menu_not_future: {
    status: 400,
    af: "Die weeklikse spyskaart se begindatum moet in die toekoms wees",
    en: "The weekly menu's start date must be in the future",
  },
  weekly_menu_exists: {
    status: 409,
    af: "'n Weeklikse spyskaart met hierdie presiese datums bestaan reeds. Kies asseblief ander datums.",
    en: "A weekly menu with these exact dates already exists. Please choose other dates.",
  },
  food_item_menu_missing: {
    status: 400,
    af: "Kies asseblief eers 'n weeklikse spyskaart",
    en: "Please choose a weekly menu first",
  },
  food_item_fields_missing: {
    status: 400,
    af: "Vul asseblief al die verpligte velde in: naam, beskrywing, prys en weekdag",
    en: "Please fill in all the required fields: name, description, price and weekday",
  },
  food_item_price_invalid: {
    status: 400,
    af: "Voer 'n geldige prys in, bv. 35,50.",
    en: "Enter a valid price, e.g. 35.50.",
  },
  food_item_prep_time_invalid: {
    status: 400,
    af: "Voer 0 tot 600 minute in.",
    en: "Enter 0 to 600 minutes.",
  },
  counter_item_name_required: {
    status: 400,
    af: "Voer die item se naam in (hoogstens 100 karakters).",
    en: "Enter the item's name (at most 100 characters).",
  },
  counter_item_price_invalid: {
    status: 400,
    af: "Voer 'n prys in rand in, bo R 0 en hoogstens R 10 000.",
    en: "Enter a price in rand, above R 0 and at most R 10 000.",
  },
  counter_item_category_invalid: {
    status: 400,
    af: "'n Kategorie het hoogstens 40 karakters.",
    en: "A category has at most 40 characters.",
  },
  counter_stock_invalid: {
    status: 400,
    af: "Voer 'n heel getal van 0 tot 10 000 in, of laat dit leeg vir geen perk nie.",
    en: "Enter a whole number from 0 to 10 000, or leave it empty for no cap.",
  },
  canteen_offline_limit_invalid: {
    status: 400,
    af: "Voer 'n bedrag van R 0 tot R 1 000 in (0: geen beursieverkope vanlyn nie).",
    en: "Enter an amount from R 0 to R 1 000 (0: no wallet sales offline).",
  },
  sale_quantity_invalid: {
    status: 400,
    af: "Die hoeveelheid moet 'n heelgetal van 1 tot 20 wees.",
    en: "The quantity must be a whole number from 1 to 20.",
  },
  sale_item_unavailable: {
    status: 409,
    af: "Hierdie item is nie nou by die toonbank te koop nie. Laai die rooster weer.",
    en: "This item is not on sale at the counter now. Reload the grid.",
  },
  sale_empty: {
    status: 400,
    af: "Voeg eers iets by die mandjie (hoogstens 20 reëls).",
    en: "Add something to the basket first (at most 20 lines).",
  },
  sale_void_reason_required: {
    status: 400,
    af: "Sê waarom die verkoop gekanselleer word (ten minste 3 karakters).",
    en: "Say why the sale is voided (at least 3 characters).",
  },
  counter_stock_reason_required: {
    status: 400,
    af: "Sê waarom die voorraad verander (ten minste 3 karakters).",
    en: "Say why the stock changes (at least 3 characters).",
  },
  food_item_portions_invalid: {
    status: 400,
    af: "Voer 'n heel getal porsies in, van 0 tot 10 000, of laat dit leeg vir geen perk nie.",
    en: "Enter a whole number of portions, 0 to 10 000, or leave it empty for no cap.",
  },
  food_item_image_url_invalid: {
    status: 400,
    af: "Voer 'n beeldadres in wat met / of https:// begin.",
    en: "Enter an image address that starts with / or https://.",
  },
  password_mismatch: { status: 400, af: "Wagwoorde stem nie ooreen nie", en: "Passwords do not match" },
  password_too_short: {
    status: 400,
    af: "Wagwoord moet ten minste 6 karakters wees",
    en: "Password must be at least 6 characters",
  },
  top_up_method_invalid: {
    status: 400,
    af: "Kies hoe daar betaal is: kontant, kaart, EFT of 'n regstelling.",
    en: "Choose how it was paid: cash, card, EFT or a correction.",
  },
  top_up_reason_invalid: {
    status: 400,
    af: "Sê in hoogstens 200 karakters hoekom; 'n regstelling het 'n rede nodig.",
    en: "Say why in at most 200 characters; a correction needs a reason.",
  },
  reversal_reason_invalid: {
    status: 400,
    af: "Sê in 3 tot 200 karakters hoekom dit teruggedraai word.",
    en: "Say in 3 to 200 characters why it is reversed.",
  },
  cancel_reason_invalid: {
    status: 400,
    af: "Sê in 3 tot 200 karakters hoekom die bestelling gekanselleer word.",
    en: "Say in 3 to 200 characters why the order is cancelled.",
  },
  top_up_amount_invalid: {
    status: 400,
    af: "Voer 'n bedrag groter as R0 en hoogstens R10 000 in, met hoogstens 2 desimale.",
    en: "Enter an amount above R0 and at most R10,000, with at most 2 decimals.",
  },
  order_range_invalid: {
    status: 400,
    af: "Die einddatum moet op of ná die begindatum wees.",
    en: "The end date must be on or after the start date.",
  },
  order_range_too_long: {
    status: 400,
    af: "Kies asseblief 'n tydperk van hoogstens een jaar.",
    en: "Please choose a period of at most one year.",
  },
  order_customer_invalid: {
    status: 400,
    af: "Kies asseblief 'n klant ('n student of akademiepersoneel).",
    en: "Please choose a customer (a student or academy staff).",
  },
  order_item_unavailable: {
    status: 409,
    af: "Hierdie gereg is nie op die spyskaart nie.",
    en: "This item is not on the menu.",
  },
  order_delivery_mismatch: {
    status: 400,
    af: "Hierdie gereg word nie op die gekose dag bedien nie. Kies die dag waarop dit op die spyskaart is.",
    en: "This item is not served on the chosen day. Choose the day of its menu.",
  },
  order_delivery_past: {
    status: 400,
    af: "Die afhaaldag is verby. Kies vandag of 'n latere dag.",
    en: "The collection day has passed. Choose today or a later day.",
  },
  order_choice_missing: {
    status: 400,
    af: "Kies 'n klant, 'n dag en 'n gereg.",
    en: "Choose a customer, a day and an item.",
  },
  order_quantity_invalid: {
    status: 400,
    af: "Die hoeveelheid moet 'n heelgetal van 1 tot 20 wees.",
    en: "The quantity must be a whole number from 1 to 20.",
  },
  ordering_closed: {
    status: 409,
    af: "Bestellings vir hierdie dag is gesluit: die sluitingstyd is verby.",
    en: "Ordering for this day is closed: the cut-off has passed.",
  },
  order_beyond_horizon: {
    status: 400,
    af: "Jy kan nog nie so ver vooruit bestel nie.",
    en: "You cannot order that far ahead yet.",
  },
  order_quantity_above_max: {
    status: 400,
    af: "Een bestelling kan hoogstens soveel porsies hê as wat die kantien toelaat.",
    en: "One order may hold at most as many portions as the canteen allows.",
  },
  order_not_cancellable: {
    status: 409,
    af: "Hierdie bestelling kan nie meer gekanselleer word nie: die kombuis het reeds begin.",
    en: "This order can no longer be cancelled: the kitchen has already started.",
  },
  order_already_cancelled: {
    status: 409,
    af: "Hierdie bestelling is reeds gekanselleer.",
    en: "This order has already been cancelled.",
  },
  canteen_cutoff_time_invalid: {
    status: 400,
    af: "Voer 'n tyd in as UU:MM, bv. 09:00.",
    en: "Enter a time as HH:MM, e.g. 09:00.",
  },
  canteen_cutoff_days_invalid: {
    status: 400,
    af: "Kies die dag self (0) of 1 tot 5 skooldae vooraf.",
    en: "Choose the day itself (0) or 1 to 5 school days before.",
  },
  canteen_weeks_ahead_invalid: {
    status: 400,
    af: "Voer 1 tot 8 weke in.",
    en: "Enter 1 to 8 weeks.",
  },
  canteen_max_quantity_invalid: {
    status: 400,
    af: "Voer 1 tot 20 porsies in.",
    en: "Enter 1 to 20 portions.",
  },
  canteen_low_balance_invalid: {
    status: 400,
    af: "Voer 'n bedrag van R0,01 tot R10 000 in, bv. 50,00.",
    en: "Enter an amount from R0.01 to R10,000, e.g. 50.00.",
  },
  canteen_service_start_invalid: {
    status: 400,
    af: "Voer die tyd in waarop die kombuis begin as UU:MM, bv. 07:30.",
    en: "Enter the time the kitchen starts as HH:MM, e.g. 07:30.",
  },
  canteen_kitchen_ageing_invalid: {
    status: 400,
    af: "Voer 1 tot 600 minute in.",
    en: "Enter 1 to 600 minutes.",
  },
  canteen_kitchen_ageing_order: {
    status: 400,
    af: "Die drempel vir rooi moet later wees as dié vir geel.",
    en: "The red threshold must be later than the amber one.",
  },
  bank_credit_customer_invalid: {
    status: 400,
    af: "Kies die klant wie se beursie dit kry.",
    en: "Choose the customer whose wallet gets it.",
  },
  bank_credit_reason_invalid: {
    status: 400,
    af: "Sê in 3 tot 200 karakters hoekom dit afgewys word.",
    en: "Say in 3 to 200 characters why it is dismissed.",
  },
  bank_details_bank_invalid: {
    status: 400,
    af: "Voer die bank se naam in, bv. FNB.",
    en: "Enter the bank's name, e.g. FNB.",
  },
  bank_details_holder_invalid: {
    status: 400,
    af: "Voer die rekeninghouer se naam in, soos die bank dit ken.",
    en: "Enter the account holder's name as the bank knows it.",
  },
  bank_details_account_invalid: {
    status: 400,
    af: "Voer die rekeningnommer in: 6 tot 16 syfers.",
    en: "Enter the account number: 6 to 16 digits.",
  },
  bank_details_branch_invalid: {
    status: 400,
    af: "Voer die takkode in: 6 syfers, bv. 250655.",
    en: "Enter the branch code: 6 digits, e.g. 250655.",
  },
  my_menu_week_invalid: {
    status: 400,
    af: "Kies 'n week deur die datum van sy Maandag te gee (JJJJ-MM-DD).",
    en: "Choose a week by its Monday (YYYY-MM-DD).",
  },
} as const satisfies Record<string, Record<Language, string> & { status?: ErrorStatus }>;

export type FieldMessageCode = keyof typeof FIELD_MESSAGES;

export function isFieldMessageCode(value: string): value is FieldMessageCode {
  return Object.hasOwn(FIELD_MESSAGES, value);
}

export function fieldMessage(code: FieldMessageCode, language: Language = "af"): string {
  return FIELD_MESSAGES[code][language];
}
