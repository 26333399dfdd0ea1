import { describe, expect, it } from 'vitest';
import { curatedBulkCommand } from '../../../cli/bulk/registry.js';
import { CliError, EXIT } from '../../../cli/cli-error.js';
// The list of curated commands registers what bulk runs need of them, as it does when the CLI starts.
import '../../../cli/commands/index.js';

describe('the bulk registry: commands register, bulk looks them up by name', () => {
  it('builds the curated command a journal or plan names, by its kind and arguments', async () => {
    expect((await curatedBulkCommand('snapshots create', {})).name).toBe('snapshots create');
    expect((await curatedBulkCommand('invoices mark', { action: 'void' })).name).toBe('invoices mark void');
  });

  it('refuses a kind no command registered, or arguments its command cannot take (exit 2)', async () => {
    await expect(curatedBulkCommand('pupils expel', {})).rejects.toThrow(new CliError('this version of edshed cannot resume a run of "pupils expel"', EXIT.usage));
    await expect(curatedBulkCommand('invoices mark', { action: 'burn' })).rejects.toMatchObject({ exitCode: EXIT.usage });
  });
});
