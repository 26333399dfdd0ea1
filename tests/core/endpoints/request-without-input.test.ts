import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import { buildRequest } from '../../../core/endpoints/call.js';
import { InvalidInputError } from '../../../core/endpoints/invalid-input-error.js';
import { requestShape, requestWithoutInput } from '../../../core/endpoints/request-shape.js';
import { paramsSchema, payloadSchema } from '../../../core/endpoints/schemas.js';

// A call given no input skips the schemas (so a one-off `edshed invoices list` does not load zod). That is
// only sound if, for every entry, the schemas would have said the same: accept {} exactly when the entry
// requires nothing, and then leave nothing in the request.
describe('a call with no input', () => {
  it('is built without the schemas exactly for the entries whose schemas accept no input, and built the same', () => {
    let plain = 0;
    for (const endpoint of ENDPOINTS) {
      const params = paramsSchema(endpoint).safeParse({});
      const payload = payloadSchema(endpoint).safeParse({});
      const checked =
        params.success && payload.success
          ? requestShape(endpoint, params.data, payload.data, { idempotencyKey: 'k' })
          : undefined;
      expect(requestWithoutInput(endpoint, {}, { idempotencyKey: 'k' }), endpoint.command).toEqual(checked);
      if (checked !== undefined) plain += 1;
    }
    expect(plain).toBeGreaterThan(100);
  });

  it('still goes through the schemas when anything is given, and buildRequest refuses what it always refused', () => {
    const list = ENDPOINTS.find((e) => e.command === 'invoices list');
    expect(list && requestWithoutInput(list, { take: 5 })).toBeUndefined();
    expect(list && requestWithoutInput(list, { take: undefined })).toEqual({ method: 'GET', path: list?.path });
    expect(() => list && buildRequest(list, { take: 0 })).toThrow(InvalidInputError);
    const show = ENDPOINTS.find((e) => e.command === 'invoices show');
    expect(() => show && buildRequest(show, {})).toThrow(/missing path parameter/);
  });
});
