/** Spelling stages run 1-7 and number stages 1-6; a new school year moves pupils up one, stopping at the top. */
export const MAX_SPELLING_STAGE = 7;
export const MAX_NUMBER_STAGE = 6;
