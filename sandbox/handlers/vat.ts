/** The VAT area: number validation and VAT countries per school. */
import type { PartialHandlerMap } from '../kit/handler.js';
import { referenceHandlers } from './billing/reference.js';

export const vatHandlers = {
  'POST vat/validate': referenceHandlers['POST vat/validate'],
  'POST schools/{id}/vat-countries': referenceHandlers['POST schools/{id}/vat-countries'],
} satisfies PartialHandlerMap;
