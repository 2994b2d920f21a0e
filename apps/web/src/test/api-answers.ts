import {
  dataPageAnswer,
  dataRowAnswer,
  dataRowRemovedAnswer,
  foodItemRow,
  foodItemSavedAnswer,
  portionsCorrectedAnswer,
} from "@kantien/domain/admin-data";
import {
  apiError,
  clientConfigAnswer,
  dataAnswer,
  liveAnswer,
  messageAnswer,
  pageAnswer,
  readyAnswer,
} from "@kantien/domain/api";
import { invitationAnswer, loginAnswer, meAnswer, myLoginAnswer, signupAnswer } from "@kantien/domain/auth";
import {
  bankCreditAnswer,
  bankCreditCountsAnswer,
  bankCreditsAnswer,
  statementImportedAnswer,
} from "@kantien/domain/bank-statements";
import {
  bankDetailsAnswer,
  bankDetailsSavedAnswer,
  canteenRulesAnswer,
  canteenRulesSavedAnswer,
} from "@kantien/domain/canteen";
import { counterItemAnswer, counterItemsAnswer } from "@kantien/domain/counter-items";
import {
  counterSaleAnswer,
  counterSalesAnswer,
  onSaleAnswer,
  saleCustomerAnswer,
} from "@kantien/domain/counter-sales";
import { dashboardAnswer } from "@kantien/domain/dashboard";
import { customerAllergiesAnswer, customerAllergiesSavedAnswer } from "@kantien/domain/dietary-profile";
import {
  guardiansPageAnswer,
  learnerAllergiesAnswer,
  learnerGuardiansAnswer,
  learnerLeaveOptionsAnswer,
  learnerLeftAnswer,
  learnerLimitsAnswer,
  learnerTransferAnswer,
  linkCodeAnswer,
  linkLetterAnswer,
  myLearnerLinkedAnswer,
  myLearnersAnswer,
} from "@kantien/domain/guardians";
import { counterAnswer, counterOrder, kitchenDayAnswer, kitchenPaymentAnswer } from "@kantien/domain/kitchen";
import { learnerCardAnswer, learnerCardsAnswer, myCardAnswer } from "@kantien/domain/learner-cards";
import { learnerImportAnswer } from "@kantien/domain/learner-import";
import {
  myMenuAnswer,
  myOrderAnswer,
  myOrderChangedAnswer,
  myOrdersAnswer,
  myProfileAnswer,
  myProfileSavedAnswer,
  myWalletAnswer,
} from "@kantien/domain/my";
import {
  adminPaymentsAnswer,
  myPaymentAnswer,
  paymentSettingsAnswer,
  paymentSettingsSavedAnswer,
  paymentStartedAnswer,
} from "@kantien/domain/online-payments";
import {
  createdOrderAnswer,
  orderDetailAnswer,
  orderMenuDaysAnswer,
  orderStatusChangedAnswer,
  ordersPageAnswer,
} from "@kantien/domain/orders-summary";
import {
  customerAnswer,
  customerDetailAnswer,
  customersPageAnswer,
  personRemovedAnswer,
  reversalAnswer,
  staffAnswer,
  staffDetailAnswer,
  staffPageAnswer,
  topUpAnswer,
} from "@kantien/domain/people";
import {
  dayClosesAnswer,
  dayReportAnswer,
  liabilityReportAnswer,
  salesReportAnswer,
} from "@kantien/domain/reports";
import { lastBackupAnswer, settingsAnswer, settingsSavedAnswer } from "@kantien/domain/settings";
import { uploadAnswer } from "@kantien/domain/uploads";
import { copyWeekAnswer } from "@kantien/domain/weekly-menu";
import { weeklyOrdersAnswer } from "@kantien/domain/weekly-orders";
import type { z } from "zod";

/**
 * The answer schema of each JSON route, as the server's routes declare it (the same domain
 * schemas), so the fake answers of the web tests are parsed like the real ones and cannot
 * drift from the server. `:name` stands for one path segment.
 */
const ROUTES: Record<string, z.ZodType> = {
  "GET /api/health/live": liveAnswer,
  "GET /api/health/ready": readyAnswer,
  "GET /api/config": clientConfigAnswer,
  "POST /api/auth/login": loginAnswer,
  "POST /api/auth/logout": messageAnswer,
  "GET /api/auth/me": meAnswer,
  "POST /api/auth/signup": signupAnswer,
  "POST /api/auth/verify-email": messageAnswer,
  "POST /api/auth/verify-invitation": invitationAnswer,
  "POST /api/auth/setup-account": messageAnswer,
  "POST /api/auth/forgot-password": messageAnswer,
  "POST /api/auth/reset-password": messageAnswer,
  "POST /api/auth/invite-user": messageAnswer,
  "GET /api/settings": settingsAnswer,
  "PUT /api/settings": settingsSavedAnswer,
  "GET /api/settings/backup": lastBackupAnswer,
  "GET /api/canteen-settings": canteenRulesAnswer,
  "PUT /api/canteen-settings": canteenRulesSavedAnswer,
  "GET /api/canteen-settings/bank-details": bankDetailsAnswer,
  "PUT /api/canteen-settings/bank-details": bankDetailsSavedAnswer,
  "GET /api/dashboard": dashboardAnswer,
  "GET /api/kitchen/orders": kitchenDayAnswer,
  "GET /api/kitchen/counter": counterAnswer,
  "GET /api/kitchen/orders/:id/payment": kitchenPaymentAnswer,
  "POST /api/kitchen/orders/:id/collect": dataAnswer(counterOrder),
  "GET /api/weekly-orders": weeklyOrdersAnswer,
  "GET /api/orders": ordersPageAnswer,
  "POST /api/orders": createdOrderAnswer,
  "GET /api/orders/menu-days": orderMenuDaysAnswer,
  "GET /api/orders/:id": orderDetailAnswer,
  "PATCH /api/orders/:id/status": orderStatusChangedAnswer,
  "GET /api/customers": customersPageAnswer,
  "POST /api/customers": customerAnswer,
  "GET /api/customers/:id": customerDetailAnswer,
  "PUT /api/customers/:id": customerAnswer,
  "DELETE /api/customers/:id": personRemovedAnswer,
  "POST /api/wallet-transactions/:id/reverse": reversalAnswer,
  "POST /api/admin/bank-statements": statementImportedAnswer,
  "GET /api/admin/bank-credits": bankCreditsAnswer,
  "GET /api/admin/bank-credits/counts": bankCreditCountsAnswer,
  "POST /api/admin/bank-credits/:id/allocate": bankCreditAnswer,
  "POST /api/admin/bank-credits/:id/dismiss": bankCreditAnswer,
  "POST /api/customers/:id/top-ups": topUpAnswer,
  "GET /api/customers/:id/allergies": customerAllergiesAnswer,
  "PUT /api/customers/:id/allergies": customerAllergiesSavedAnswer,
  "GET /api/reports/day": dayReportAnswer,
  "POST /api/reports/day/:date/close": dayReportAnswer,
  "GET /api/reports/closes": dayClosesAnswer,
  "GET /api/reports/sales": salesReportAnswer,
  "GET /api/reports/liability": liabilityReportAnswer,
  "GET /api/staff-members": staffPageAnswer,
  "GET /api/staff-members/:id": staffDetailAnswer,
  "PUT /api/staff-members/:id": staffAnswer,
  "DELETE /api/staff-members/:id": personRemovedAnswer,
  "POST /api/staff-members/:id/invitation": messageAnswer,
  // A week's food items, with their allergen declarations (decision 0041): before the generic row.
  "GET /api/admin/data/food_item": pageAnswer(foodItemRow),
  "GET /api/admin/data/:table": dataPageAnswer,
  "POST /api/admin/data/:table": dataRowAnswer,
  "GET /api/admin/data/:table/:id": dataRowAnswer,
  "PUT /api/admin/data/:table/:id": dataRowAnswer,
  "DELETE /api/admin/data/:table/:id": dataRowRemovedAnswer,
  "PUT /api/admin/menus/:menuId/days/:dayOfWeek/food-item": foodItemSavedAnswer,
  "POST /api/admin/menus/copy-week": copyWeekAnswer,
  "POST /api/admin/upload/weekly-item-file": uploadAnswer,
  "POST /api/admin/upload/weekly-item": uploadAnswer,
  "POST /api/my/auth/login": myLoginAnswer,
  "GET /api/my/menu": myMenuAnswer,
  "POST /api/my/orders": myOrderChangedAnswer,
  "GET /api/my/orders": myOrdersAnswer,
  "GET /api/my/orders/:id": myOrderAnswer,
  "POST /api/my/orders/:id/cancel": myOrderChangedAnswer,
  "GET /api/my/wallet": myWalletAnswer,
  // Online top-ups (decision 0074).
  "POST /api/my/payments": paymentStartedAnswer,
  "POST /api/my/learners/:learnerId/payments": paymentStartedAnswer,
  "GET /api/my/payments/:id": myPaymentAnswer,
  "POST /api/my/payments/:id/abandon": myPaymentAnswer,
  "GET /api/canteen-settings/payments": paymentSettingsAnswer,
  "PUT /api/canteen-settings/payments": paymentSettingsSavedAnswer,
  "GET /api/admin/payments": adminPaymentsAnswer,
  "GET /api/my/profile": myProfileAnswer,
  "PUT /api/my/profile": myProfileSavedAnswer,
  "PUT /api/my/password": messageAnswer,
  // A guardian's (decision 0068): the learner's own ordering routes sit under the learner's path.
  "GET /api/my/learners": myLearnersAnswer,
  "POST /api/my/learners": myLearnerLinkedAnswer,
  "POST /api/my/transfers": learnerTransferAnswer,
  "GET /api/my/learners/:learnerId/menu": myMenuAnswer,
  "POST /api/my/learners/:learnerId/orders": myOrderChangedAnswer,
  "GET /api/my/learners/:learnerId/orders": myOrdersAnswer,
  "POST /api/my/learners/:learnerId/orders/:id/cancel": myOrderChangedAnswer,
  "GET /api/my/learners/:learnerId/wallet": myWalletAnswer,
  "GET /api/my/learners/:learnerId/allergies": learnerAllergiesAnswer,
  "PUT /api/my/learners/:learnerId/allergies": learnerAllergiesAnswer,
  "PUT /api/my/learners/:learnerId/limits": learnerLimitsAnswer,
  "GET /api/my/learners/:learnerId/guardians": learnerGuardiansAnswer,
  "POST /api/my/learners/:learnerId/guardians": messageAnswer,
  "POST /api/my/learners/:learnerId/guardians/:guardianId/approve": messageAnswer,
  "DELETE /api/my/learners/:learnerId/guardians/:guardianId": messageAnswer,
  "GET /api/customers/:id/link-code": linkCodeAnswer,
  "POST /api/customers/:id/link-code": linkCodeAnswer,
  "GET /api/customers/:id/link-letter": linkLetterAnswer,
  "GET /api/customers/:id/guardians": learnerGuardiansAnswer,
  "POST /api/customers/:id/guardians": messageAnswer,
  "GET /api/guardians": guardiansPageAnswer,
  "GET /api/counter-items": counterItemsAnswer,
  "POST /api/counter-items": counterItemAnswer,
  "PUT /api/counter-items/:id": counterItemAnswer,
  "PUT /api/counter-items/:id/stock": counterItemAnswer,
  "GET /api/counter/on-sale": onSaleAnswer,
  "POST /api/counter/sales": counterSaleAnswer,
  "GET /api/counter/customers/:id": saleCustomerAnswer,
  "GET /api/counter/sales": counterSalesAnswer,
  "GET /api/counter/card": saleCustomerAnswer,
  "POST /api/customers/:id/card": learnerCardAnswer,
  "DELETE /api/customers/:id/card": messageAnswer,
  "POST /api/admin/learner-cards": learnerCardsAnswer,
  "POST /api/my/card": myCardAnswer,
  "POST /api/my/learners/:learnerId/card": myCardAnswer,
  "PUT /api/admin/food-items/:id/portions": portionsCorrectedAnswer,
  "POST /api/counter/sales/:id/void": counterSaleAnswer,
  "DELETE /api/guardians/:id": personRemovedAnswer,
  "GET /api/customers/:id/leave": learnerLeaveOptionsAnswer,
  "POST /api/customers/:id/leave": learnerLeftAnswer,
  "POST /api/admin/learners/import": learnerImportAnswer,
};

const PATTERNS = Object.entries(ROUTES).map(([key, schema]) => {
  const [method, path] = key.split(" ") as [string, string];
  const pattern = new RegExp(`^${path.replace(/:[a-zA-Z]+/g, "[^/]+")}$`);
  return { method, pattern, schema };
});

/** Fake answers that failed their schema in the current test; setup.ts fails the test with them. */
export const fakeAnswerProblems: string[] = [];

/**
 * Parses a fake answer with its route's schema (or the error envelope for a refusal) and
 * returns what the server would send: fields the schema lacks are dropped, a missing or
 * mistyped one fails the test. A route without a schema here fails too.
 */
export function parseFakeAnswer(method: string, url: string, status: number, body: unknown): unknown {
  const path = new URL(url, "http://localhost").pathname;
  const route = `${method} ${path}`;
  const schema =
    status >= 400 ? apiError : PATTERNS.find((p) => p.method === method && p.pattern.test(path))?.schema;
  // The app may turn a failed fetch into an error state; the problem is kept for setup.ts too.
  const fail = (problem: string) => {
    fakeAnswerProblems.push(problem);
    throw new Error(problem);
  };
  if (!schema) return fail(`no answer schema for ${route}: add it to src/test/api-answers.ts`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    return fail(
      `the fake answer of ${route} (${status}) is not what the server sends: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}
