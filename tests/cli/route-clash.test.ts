import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import type { Endpoint } from '../../core/endpoints/define.js';
import { routeClash } from '../../cli/write/route-clash.js';

const endpointOf = (command: string) => ENDPOINTS.find((e) => e.command === command) as Endpoint;

describe('routeClash', () => {
  it('finds the route a literal segment takes over, and nothing for a plain value', () => {
    const accounting = endpointOf('invoices send-to-accounting');
    expect(routeClash(accounting, { id: '8', accounting: 'paid' })?.command).toBe('invoices mark-paid');
    expect(routeClash(accounting, { id: '8', accounting: 'remittance' })?.command).toBe('invoices add-remittance');
    expect(routeClash(accounting, { id: '8', accounting: 'xero' })).toBeUndefined();
    expect(routeClash(endpointOf('invoices mark-paid'), { id: '8' })).toBeUndefined();
  });
});
