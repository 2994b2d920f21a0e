import { withTexts } from "../../lib/i18n";

/**
 * The learner switch and the family screen, with their texts. The ordering app's layout imports
 * this small module lazily and it the rest, so the list of what the switch needs (its many
 * components) stays out of the first load of every learner's phone.
 */
export function loadLearnerGate() {
  return withTexts("myLearners", import("./components/learner-gate"));
}
