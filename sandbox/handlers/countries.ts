/** The countries area: countries with their zones. */
import type { PartialHandlerMap } from '../kit/handler.js';
import { referenceHandlers } from './billing/reference.js';

export const countriesHandlers = {
  'GET countries': referenceHandlers['GET countries'],
  'GET countries/{code}': referenceHandlers['GET countries/{code}'],
  'GET countries/zones': referenceHandlers['GET countries/zones'],
  'GET countries/{code}/zones': referenceHandlers['GET countries/{code}/zones'],
  'PATCH countries/{code}': referenceHandlers['PATCH countries/{code}'],
} satisfies PartialHandlerMap;
