/**
 * A resource collection key was asked for a subject that has none (O §3).
 *
 * @example
 * try { resourceCollectionKey('quiz'); } catch (e) { if (e instanceof UnknownSubjectError) console.error(e.subject); }
 */
export class UnknownSubjectError extends Error {
  constructor(readonly subject: string) {
    super(`No resource collection for subject "${subject}"`);
    this.name = 'UnknownSubjectError';
  }
}
