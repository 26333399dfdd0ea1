/** A seeded account, as `edshed sandbox start` prints it. */
export interface SeedAccount {
  readonly id: number;
  readonly username: string;
  readonly password: string;
  readonly role: string;
}

/** The seeded accounts, in id order; every password is `sandbox`. */
export const SEED_ACCOUNTS: readonly SeedAccount[] = [
  { id: 1, username: 'superuser', password: 'sandbox', role: 'superuser' },
  { id: 2, username: 'admin', password: 'sandbox', role: 'school admin of Oakfield Primary School (school 1)' },
  { id: 3, username: 'teacher', password: 'sandbox', role: 'teacher at Oakfield Primary School (school 1)' },
  {
    id: 4,
    username: 'pupil',
    password: 'sandbox',
    role: 'pupil at Oakfield Primary School (school 1; school username pupil)',
  },
  { id: 5, username: 'parent', password: 'sandbox', role: 'parent of pupil' },
  { id: 6, username: 'district', password: 'sandbox', role: 'district admin of Northside District (schools 2 and 3)' },
  { id: 7, username: 'sales', password: 'sandbox', role: 'employee (sales)' },
];
