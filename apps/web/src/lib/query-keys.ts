/**
 * The cache keys of the server's data, one root per resource. They live here, not in a
 * feature, because one feature's change may stale another's data (an order moves a balance).
 */
export const queryKeys = {
  session: ["session"],
  // Its own root: a 401 while reading it ends the session like any other query's (query-client.ts).
  sessionEnd: ["session-end"],
  dashboard: ["dashboard"],
  kitchenOrders: ["kitchen", "orders"],
  counter: ["kitchen", "counter"],
  // What the counter sells today and its sales (decision 0071).
  counterOnSale: ["counter", "on-sale"],
  counterSales: ["counter", "sales"],
  kitchenPayment: ["kitchen", "payment"],
  weeklyOrders: ["weekly-orders"],
  menu: ["menu"],
  orders: ["orders"],
  customers: ["customers"],
  // Its own root, never refreshed with the customers': each read is an admin opening them, logged.
  customerAllergies: ["customer-allergies"],
  // A learner's link code and guardians (admins).
  customerGuardians: ["customer-guardians"],
  bankCredits: ["bank-credits"],
  reports: ["reports"],
  staff: ["staff-members"],
  canteenSettings: ["canteen-settings"],
  bankDetails: ["canteen-settings", "bank-details"],
  paymentSettings: ["canteen-settings", "payments"],
  onlinePayments: ["online-payments"],
  counterItems: ["counter-items"],
  lastBackup: ["last-backup"],
  // The ordering app's own data: one customer's menu, orders, wallet and profile.
  myMenu: ["my", "menu"],
  myOrders: ["my", "orders"],
  myWallet: ["my", "wallet"],
  /** A payment made online, followed on the wallet after the provider's page (decision 0074). */
  myPayment: ["my", "payment"],
  myProfile: ["my", "profile"],
  myLearners: ["my", "learners"],
} as const;
