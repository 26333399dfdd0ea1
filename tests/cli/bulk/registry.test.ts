import { describe, expect, it } from 'vitest';
import { endpointCommand, tableBulkCommand } from '../../../cli/bulk/endpoint-command.js';
import { curatedBulkCommand } from '../../../cli/bulk/registry.js';
import { targetKindOf } from '../../../cli/bulk/targets.js';
import type { Endpoint } from '../../../core/endpoints/define.js';
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import { CliError, EXIT } from '../../../cli/errors/cli-error.js';
// The list of curated commands registers what bulk runs need of them, as it does when the CLI starts.
import '../../../cli/commands/index.js';

const endpointOf = (command: string): Endpoint => ENDPOINTS.find((e) => e.command === command) as Endpoint;
const row = {
  method: 'POST' as const,
  path: 'superuser/invoices/8/paid',
  body: { method: 'bacs', date: '2026-11-02' },
};

describe('the bulk registry: commands register, bulk looks them up by name', () => {
  it('builds the curated command a journal or plan names, by its kind and arguments', async () => {
    expect((await curatedBulkCommand('snapshots create', {})).name).toBe('snapshots create');
    expect((await curatedBulkCommand('invoices mark', { action: 'void' })).name).toBe('invoices mark void');
  });

  it('refuses a kind no command registered, or arguments its command cannot take (exit 2)', async () => {
    await expect(curatedBulkCommand('pupils expel', {})).rejects.toThrow(
      new CliError('this version of edshed cannot resume a run of "pupils expel"', EXIT.usage),
    );
    await expect(curatedBulkCommand('invoices mark', { action: 'burn' })).rejects.toMatchObject({
      exitCode: EXIT.usage,
    });
  });

  it('gives a table command the wishes registered for its kind of target, and only those', async () => {
    const markPaid = await tableBulkCommand(endpointOf('invoices mark-paid'));
    expect(markPaid.target?.wants?.(row)).toEqual({
      state: 'paid',
      reason: 'already paid',
      payment: { method: 'bacs', date: '2026-11-02' },
    });
    // Without the registry's wishes the same endpoint marks no row "no change".
    expect(endpointCommand(endpointOf('invoices mark-paid')).target?.wants).toBeUndefined();
    // Subscriptions register none: a table command writing to one marks no row "no change".
    const subscriptions = ENDPOINTS.filter((e) => targetKindOf(e) === 'subscriptions');
    expect(subscriptions.length).toBeGreaterThan(0);
    for (const endpoint of subscriptions) expect((await tableBulkCommand(endpoint)).target?.wants).toBeUndefined();
  });
});
