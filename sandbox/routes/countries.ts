/** The countries area: countries with their zones. */
import { referenceHandlers } from './countries/reference.js';
import { defineRoutes } from './areas.js';

export const countriesHandlers = defineRoutes('countries', {
  'GET countries': referenceHandlers['GET countries'],
  'GET countries/{code}': referenceHandlers['GET countries/{code}'],
  'GET countries/zones': referenceHandlers['GET countries/zones'],
  'GET countries/{code}/zones': referenceHandlers['GET countries/{code}/zones'],
  'PATCH countries/{code}': referenceHandlers['PATCH countries/{code}'],
});
