import { setActingFor } from "../lib/acting-for";
import type { Route } from "./mock-fetch";

/** A learner the signed-in guardian is actively linked to, as `GET /api/my/learners` lists them. */
export const linkedLearner = (id: string, firstName: string, balance: string) => ({
  id,
  firstName,
  lastName: "Botha",
  akdNumber: null,
  status: "active",
  primary: true,
  balance,
  paymentReference: "KAN7K3Q9Z",
  limits: { dailyLimit: null, weeklyLimit: null, blockedFoodItemIds: [], blockedAllergens: [] },
  allergyConsent: "none",
});

/**
 * Acts for the guardian's one learner, as the learner switch does: the learner's ordering API
 * root, and the switch's list to fake.
 */
export function actForLearner(balance: string) {
  const learnerId = "5d1c6a3e-2b4f-4c8d-9e7a-1f0b3c5d7e9a";
  setActingFor(learnerId);
  const learners: Route = { body: { success: true, data: [linkedLearner(learnerId, "Sipho", balance)] } };
  return { learnerApi: `/api/my/learners/${learnerId}`, learnersRoute: { "GET /api/my/learners": learners } };
}
