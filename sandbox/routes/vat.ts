/** The VAT area: number validation and VAT countries per school. */
import { referenceHandlers } from './countries/reference.js';
import { defineRoutes } from './areas.js';

export const vatHandlers = defineRoutes('vat', {
  'POST vat/validate': referenceHandlers['POST vat/validate'],
  'POST schools/{id}/vat-countries': referenceHandlers['POST schools/{id}/vat-countries'],
});
