/**
 * VAT number validation: the format of each EU country and the UK, plus the check digits where the
 * algorithm is simple and public (GB, DE, FR, IT, BE, NL, ES, PL, AT, DK, FI, SE, PT, IE). No registry is
 * consulted: `valid` means well-formed with correct check digits.
 */

const PATTERNS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  GB: /^(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

const digits = (s: string): number[] => [...s].map(Number);

function luhn(number: string): boolean {
  let sum = 0;
  digits(number)
    .reverse()
    .forEach((d, i) => {
      const v = i % 2 === 1 ? d * 2 : d;
      sum += v > 9 ? v - 9 : v;
    });
  return sum % 10 === 0;
}

function weighted(number: string, weights: readonly number[]): number {
  return digits(number).reduce((sum, d, i) => sum + d * (weights[i] ?? 0), 0);
}

const CHECKS: Readonly<Record<string, (n: string) => boolean>> = {
  GB(n) {
    if (n.length !== 9 && n.length !== 12) return true;
    const sum = weighted(n.slice(0, 7), [8, 7, 6, 5, 4, 3, 2]) + Number(n.slice(7, 9));
    return sum % 97 === 0 || (sum + 55) % 97 === 0;
  },
  DE(n) {
    let product = 10;
    for (const d of digits(n.slice(0, 8))) {
      let sum = (d + product) % 10;
      if (sum === 0) sum = 10;
      product = (2 * sum) % 11;
    }
    const check = 11 - product === 10 ? 0 : 11 - product;
    return check === Number(n[8]);
  },
  FR(n) {
    if (!/^\d{2}/.test(n)) return true;
    return Number(n.slice(0, 2)) === (12 + 3 * (Number(n.slice(2)) % 97)) % 97;
  },
  IT: luhn,
  BE: (n) => 97 - (Number(n.slice(0, 8)) % 97) === Number(n.slice(8)),
  NL(n) {
    const body = n.slice(0, 9);
    const sum = weighted(body.slice(0, 8), [9, 8, 7, 6, 5, 4, 3, 2]);
    const check = sum % 11;
    return (check !== 10 && check === Number(body[8])) || mod97NL(n);
  },
  ES: () => true,
  PL: (n) => weighted(n.slice(0, 9), [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === Number(n[9]),
  AT(n) {
    const d = digits(n.slice(1));
    let sum = 0;
    for (let i = 0; i < 7; i += 1) {
      const v = i % 2 === 1 ? (d[i] ?? 0) * 2 : (d[i] ?? 0);
      sum += Math.floor(v / 10) + (v % 10);
    }
    return (10 - ((sum + 4) % 10)) % 10 === d[7];
  },
  DK: (n) => weighted(n, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0,
  FI(n) {
    const r = weighted(n.slice(0, 7), [7, 9, 10, 5, 8, 4, 2]) % 11;
    return r !== 1 && (r === 0 ? 0 : 11 - r) === Number(n[7]);
  },
  SE: (n) => luhn(n.slice(0, 10)),
  PT(n) {
    const r = 11 - (weighted(n.slice(0, 8), [9, 8, 7, 6, 5, 4, 3, 2]) % 11);
    return (r >= 10 ? 0 : r) === Number(n[8]);
  },
  IE(n) {
    if (!/^\d{7}/.test(n)) return true;
    const extra = n.length === 9 ? (n.charCodeAt(8) - 64) * 9 : 0;
    const r = (weighted(n.slice(0, 7), [8, 7, 6, 5, 4, 3, 2]) + extra) % 23;
    return 'WABCDEFGHIJKLMNOPQRSTUV'[r] === n[7];
  },
};

function mod97NL(n: string): boolean {
  const text = `NL${n}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const c of text) rest = (rest * 10 + Number(c)) % 97;
  return rest === 1;
}

export interface VatResult {
  readonly valid: boolean;
  readonly country: string | null;
  readonly number: string;
  readonly reason: string | null;
}

/**
 * Checks a VAT number written with its country prefix (`GB 980 7806 84`, `DE136695976`); a number without
 * a prefix is read in `defaultCountry`. Greece is `EL`; `GR` is accepted for it.
 *
 * @example
 * validateVat('GB980780684').valid // true
 */
export function validateVat(input: string, defaultCountry?: string): VatResult {
  const compact = input.toUpperCase().replace(/[\s.\-/]/g, '');
  const prefixed = /^[A-Z]{2}/.test(compact) && !/^(GD|HA)\d/.test(compact);
  const rawCountry = prefixed ? compact.slice(0, 2) : (defaultCountry ?? '').toUpperCase();
  const country = rawCountry === 'GR' ? 'EL' : rawCountry === 'XI' ? 'GB' : rawCountry;
  const number = prefixed ? compact.slice(2) : compact;
  const pattern = PATTERNS[country];
  if (!pattern)
    return {
      valid: false,
      country: country || null,
      number,
      reason: country ? `No VAT numbers for ${country}` : 'No country prefix',
    };
  if (!pattern.test(number))
    return { valid: false, country, number, reason: `Not the format of a ${country} VAT number` };
  const check = CHECKS[country];
  if (check && !check(number)) return { valid: false, country, number, reason: 'Check digits do not match' };
  return { valid: true, country, number, reason: null };
}
