import { describe, expect, it } from 'vitest';
import { validateVat } from '../../../sandbox/domain/pricing/vat.js';

describe('validateVat', () => {
  it.each([
    ['GB980780684', 'GB'],
    ['GB 980 7806 84', 'GB'],
    ['DE136695976', 'DE'],
    ['FR40303265045', 'FR'],
    ['IT00743110157', 'IT'],
    ['BE0417497106', 'BE'],
    ['NL004495445B01', 'NL'],
    ['ATU13585627', 'AT'],
    ['DK13585628', 'DK'],
    ['FI20774740', 'FI'],
    ['PT501964843', 'PT'],
    ['IE6388047V', 'IE'],
    ['PL5260001246', 'PL'],
    ['SE556188840401', 'SE'],
    ['GR094014201', 'EL'],
  ])('accepts %s', (number, country) => {
    expect(validateVat(number)).toMatchObject({ valid: true, country });
  });

  it.each([
    ['GB980780685', 'Check digits'],
    ['DE136695977', 'Check digits'],
    ['IT00743110158', 'Check digits'],
    ['BE0417497107', 'Check digits'],
    ['FR41303265045', 'Check digits'],
    ['GB12345', 'format'],
    ['XX123456789', 'No VAT numbers'],
    ['NL004495445', 'format'],
  ])('refuses %s', (number, reason) => {
    const result = validateVat(number);
    expect(result.valid).toBe(false);
    expect(result.reason).toContain(reason);
  });

  it('reads a number without a prefix in the default country', () => {
    expect(validateVat('980780684', 'GB').valid).toBe(true);
    expect(validateVat('980780684').valid).toBe(false);
  });
});
