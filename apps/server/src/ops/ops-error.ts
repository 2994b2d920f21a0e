/** A refusal the backup, restore and move commands print as one line (and exit 1). */
export class OpsError extends Error {}
