import { actingFor } from "../../lib/acting-for";

/**
 * Whose wallet the screen shows, as its texts' context: one's own (none), or the learner a
 * guardian or academy staff member acts for ("learner": "Die leerder se saldo", not "Jou saldo").
 */
export type Whose = "learner" | undefined;

export const whoseWallet = (): Whose => (actingFor() ? "learner" : undefined);
