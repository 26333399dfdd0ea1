/**
 * The card-payment providers of the sandbox, where the spec writes `{card_provider}` (a card payment
 * provider, unnamed). A request naming another is 404, as a missing record is.
 */
export const CARD_PROVIDERS: readonly string[] = ['stripe'];
