import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { writeFileAtomic } from '../../write/atomic-file.js';
import { credentialsCsv, type CreatedPupil } from './credentials.js';

/** How the pupils' passwords could be had again, for notes: they are in the generate answer only. */
function againHint(prefix: string): string {
  return (
    'they cannot be read back later (the sandbox keeps only a hash, and `pupils export-csv` has no passwords). ' +
    `Running the same command again with --idempotency-key ${prefix} --out FILE replays the first answer while the API still holds that key; ` +
    'otherwise set new ones with `edshed pupils update ID --field password=...`'
  );
}

/**
 * Writes the credentials CSV: mode 0600, atomically, never over an existing file without `force`. The
 * pupils already exist when this runs, so a failure says so and how to get the passwords another way.
 *
 * @example
 * await saveCredentials(c, { out: 'class-3.csv', force: false, pupils, group: 'Class 3', prefix: 'edshed-cli-1f2e' });
 */
export async function saveCredentials(
  c: Factory,
  options: {
    readonly out: string;
    readonly force: boolean;
    readonly pupils: readonly CreatedPupil[];
    readonly group: string | undefined;
    readonly prefix: string;
  },
): Promise<void> {
  try {
    await writeFileAtomic(options.out, await credentialsCsv(options.pupils, options.group), {
      mode: 0o600,
      force: options.force,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EEXIST' ? 'a file of that name appeared meanwhile' : `cannot write it (${code ?? String(error)})`;
    const ids = options.pupils.map((p) => p.id).join(',');
    throw new CliError(
      `--out ${options.out}: ${why}. The pupils were created (ids ${ids}) but their passwords were not saved: ${againHint(options.prefix)}`,
      EXIT.requestFailed,
    );
  }
  if (!c.globals.quiet) {
    c.io.stderr.write(
      `Saved ${options.pupils.length} usernames with their initial passwords to ${options.out} (mode 0600: readable by you only). It is the only copy.\n`,
    );
  }
}

/**
 * What happened to the passwords, for stderr: saved, shown, or neither (and what can be done then).
 *
 * @example
 * passwordsNote({ out: undefined, showPasswords: false, prefix: 'edshed-cli-1f2e', pupils })
 * // 'The initial passwords were not shown or saved (use --out FILE, or --show-passwords): they cannot be read back later ...'
 */
export function passwordsNote(options: {
  readonly out: string | undefined;
  readonly showPasswords: boolean;
  readonly prefix: string;
  readonly pupils: readonly CreatedPupil[];
}): string {
  if (options.pupils.some((p) => p.password === undefined))
    return 'The API answered without some initial passwords; set them with `edshed pupils update ID --field password=...`.';
  if (options.out !== undefined)
    return options.showPasswords
      ? 'The passwords above are also in the file.'
      : `The passwords are not printed here: they are in ${options.out}.`;
  if (options.showPasswords) return 'The passwords above are shown once: they cannot be read back later.';
  return `The initial passwords were not shown or saved (use --out FILE, or --show-passwords): ${againHint(options.prefix)}.`;
}
