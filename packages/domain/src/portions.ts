/*
 * A dish's portions as the ordering app shows them (docs/decisions/0069-portions-that-never-oversell.md).
 * A module of its own: the menu's first load takes this line, not the API's schemas.
 */

/** From this many portions left down, the menu says how many ("Nog 3 oor"). */
export const FEW_PORTIONS_LEFT = 5;
