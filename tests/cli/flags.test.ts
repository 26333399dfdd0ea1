import { describe, expect, it } from 'vitest';
import { attributeOf, flagOf, jsonOrText, parseFieldArgs } from '../../cli/flags.js';
import { commandWord } from '../../cli/main.js';

describe('flags and argv', () => {
  it('turns payload keys into flags and flags into commander attributes', () => {
    expect(flagOf('po_number')).toBe('po-number');
    expect(flagOf('pupilIds')).toBe('pupil-ids');
    expect(attributeOf('po-number')).toBe('poNumber');
  });

  it('parses --field key=value with JSON values, refusing a pair without =', () => {
    expect(parseFieldArgs(['seats=30', 'po_number=PO-1', 'ids=[1,2]', 'note=a=b'])).toEqual({ seats: 30, po_number: 'PO-1', ids: [1, 2], note: 'a=b' });
    expect(() => parseFieldArgs(['seats'])).toThrow(/expected key=value/);
    expect(jsonOrText('true')).toBe(true);
  });

  it('finds the command word after global options and their values', () => {
    expect(commandWord(['--api-url', 'http://x', '--json', 'invoices', 'list'])).toBe('invoices');
    expect(commandWord(['--verbose'])).toBeUndefined();
    expect(commandWord(['--', 'api'])).toBe('api');
  });
});
