/**
 * The phonics activity catalogue (L §3), 20 entries. The spec fixes the fields, the games, which entries are
 * hidden (match phonemes, match graphemes, body percussion challenge), which are not assignable (sound
 * recorder and the assessments) and the allowed difficulty levels; every other value (ids, idents, titles,
 * descriptions, game and mode names, levels per entry, result types) is our choice. Game names follow the
 * phonics session paths (`POST phonics/session/{game}`) where one fits.
 */

const ALL = [-1] as const;
const TWO = [1, 2] as const;
const THREE = [1, 2, 3] as const;

function params(game: string, mode: string | null = null, scene: string | null = null, isScreeningCheck = false) {
  return { game, mode, scene, is_screening_check: isScreeningCheck } as const;
}

export const PHONICS_ACTIVITIES = [
  {
    id: 1,
    ident: 'sound-keyboard',
    title: 'Sound Keyboard',
    description: 'Press a grapheme to hear its sound.',
    type: 'toybox',
    graphemes: ALL,
    params: params('sound-keyboard'),
    difficultyLevels: null,
    assignable: true,
    hidden: false,
    resultType: 'time',
    freeplay: true,
  },
  {
    id: 2,
    ident: 'word-sounds',
    title: 'Word Sounds',
    description: 'Hear a word sound by sound, then blend it.',
    type: 'sounds',
    graphemes: ALL,
    params: params('sounding-out', 'word'),
    difficultyLevels: TWO,
    assignable: true,
    hidden: false,
    resultType: 'questions',
    freeplay: true,
  },
  {
    id: 3,
    ident: 'garden-sounds',
    title: 'Sounds in the Garden',
    description: 'Find the things in the garden scene that make each sound.',
    type: 'sounds',
    graphemes: ALL,
    params: params('scene-sounds', null, 'garden'),
    difficultyLevels: null,
    assignable: true,
    hidden: false,
    resultType: 'time',
    freeplay: true,
  },
  {
    id: 4,
    ident: 'sound-recorder',
    title: 'Sound Recorder',
    description: 'Record yourself saying sounds and play them back.',
    type: 'toybox',
    graphemes: ALL,
    params: params('sound-recorder'),
    difficultyLevels: null,
    assignable: false,
    hidden: false,
    resultType: 'time',
    freeplay: true,
  },
  {
    id: 5,
    ident: 'first-sounds',
    title: 'First Sounds',
    description: 'Pick the first sound of each word.',
    type: 'sounds',
    graphemes: ALL,
    params: params('sounding-out', 'first'),
    difficultyLevels: TWO,
    assignable: true,
    hidden: false,
    resultType: 'questions',
    freeplay: true,
  },
  {
    id: 6,
    ident: 'last-sounds',
    title: 'Last Sounds',
    description: 'Pick the last sound of each word.',
    type: 'sounds',
    graphemes: ALL,
    params: params('sounding-out', 'last'),
    difficultyLevels: TWO,
    assignable: true,
    hidden: false,
    resultType: 'questions',
    freeplay: true,
  },
  {
    id: 7,
    ident: 'all-sounds',
    title: 'All the Sounds',
    description: 'Pick every sound of each word, in order.',
    type: 'sounds',
    graphemes: ALL,
    params: params('sounding-out', 'all'),
    difficultyLevels: THREE,
    assignable: true,
    hidden: false,
    resultType: 'questions',
    freeplay: true,
  },
  {
    id: 8,
    ident: 'body-percussion',
    title: 'Body Percussion',
    description: 'Clap, tap and stamp along to the sounds.',
    type: 'toybox',
    graphemes: ALL,
    params: params('percussion', 'practice'),
    difficultyLevels: null,
    assignable: true,
    hidden: false,
    resultType: 'time',
    freeplay: true,
  },
  {
    id: 9,
    ident: 'body-percussion-challenge',
    title: 'Body Percussion Challenge',
    description: 'Copy the percussion pattern for each sound.',
    type: 'toybox',
    graphemes: ALL,
    params: params('percussion', 'challenge'),
    difficultyLevels: THREE,
    assignable: true,
    hidden: true,
    resultType: 'questions',
    freeplay: true,
  },
  {
    id: 10,
    ident: 'grapheme-assessment',
    title: 'Grapheme Assessment',
    description: 'Check which graphemes a pupil can read.',
    type: 'assessment',
    graphemes: ALL,
    params: params('assessment'),
    difficultyLevels: null,
    assignable: false,
    hidden: false,
    resultType: 'questions',
    freeplay: false,
  },
  {
    id: 11,
    ident: 'screening-check',
    title: 'Phonics Screening Check',
    description: 'A practice run of the phonics screening check.',
    type: 'assessment',
    graphemes: ALL,
    params: params('screening', null, null, true),
    difficultyLevels: null,
    assignable: false,
    hidden: false,
    resultType: 'questions',
    freeplay: false,
  },
  {
    id: 12,
    ident: 'word-builder-phonics',
    title: 'Flying Word Builder: Sounds',
    description: 'Fly to the graphemes that build the spoken word.',
    type: 'vocabulary',
    graphemes: ALL,
    params: params('dare', 'phonics'),
    difficultyLevels: THREE,
    assignable: true,
    hidden: false,
    resultType: 'questions',
    freeplay: true,
  },
  {
    id: 13,
    ident: 'word-builder-spelling',
    title: 'Flying Word Builder: Spelling',
    description: 'Fly to the letters that spell the word.',
    type: 'vocabulary',
    graphemes: ALL,
    params: params('dare', 'spelling'),
    difficultyLevels: THREE,
    assignable: true,
    hidden: false,
    resultType: 'questions',
    freeplay: true,
  },
  {
    id: 14,
    ident: 'match-phonemes',
    title: 'Match the Phonemes',
    description: 'Turn cards to find pairs of matching sounds.',
    type: 'sounds',
    graphemes: ALL,
    params: params('match', 'phonemes'),
    difficultyLevels: TWO,
    assignable: true,
    hidden: true,
    resultType: 'time',
    freeplay: true,
  },
  {
    id: 15,
    ident: 'match-grapheme-phoneme',
    title: 'Match Graphemes to Sounds',
    description: 'Pair each grapheme with its sound.',
    type: 'sounds',
    graphemes: ALL,
    params: params('match', 'grapheme-phoneme'),
    difficultyLevels: TWO,
    assignable: true,
    hidden: false,
    resultType: 'time',
    freeplay: true,
  },
  {
    id: 16,
    ident: 'match-words',
    title: 'Match the Words',
    description: 'Pair each spoken word with its written form.',
    type: 'vocabulary',
    graphemes: ALL,
    params: params('match', 'words'),
    difficultyLevels: THREE,
    assignable: true,
    hidden: false,
    resultType: 'time',
    freeplay: true,
  },
  {
    id: 17,
    ident: 'match-characters',
    title: 'Match the Characters',
    description: 'Pair each character with the sound it stands for.',
    type: 'vocabulary',
    graphemes: ALL,
    params: params('match', 'characters'),
    difficultyLevels: TWO,
    assignable: true,
    hidden: false,
    resultType: 'time',
    freeplay: true,
  },
  {
    id: 18,
    ident: 'match-graphemes',
    title: 'Match the Graphemes',
    description: 'Turn cards to find pairs of matching graphemes.',
    type: 'sounds',
    graphemes: ALL,
    params: params('match', 'graphemes'),
    difficultyLevels: TWO,
    assignable: true,
    hidden: true,
    resultType: 'time',
    freeplay: true,
  },
  {
    id: 19,
    ident: 'balloon-pop',
    title: 'Balloon Pop',
    description: 'Pop the balloon that shows the sound you hear.',
    type: 'sounds',
    graphemes: ALL,
    params: params('indy'),
    difficultyLevels: THREE,
    assignable: true,
    hidden: false,
    resultType: 'questions',
    freeplay: true,
  },
  {
    id: 20,
    ident: 'soundboard',
    title: 'Soundboard',
    description: 'Tap any grapheme on the board to hear it.',
    type: 'toybox',
    graphemes: ALL,
    params: params('soundboard'),
    difficultyLevels: null,
    assignable: true,
    hidden: false,
    resultType: 'time',
    freeplay: true,
  },
] as const;

export type PhonicsActivity = (typeof PHONICS_ACTIVITIES)[number];
export type PhonicsActivityIdent = PhonicsActivity['ident'];
export const PHONICS_ACTIVITY_TYPES = ['toybox', 'sounds', 'vocabulary', 'assessment'] as const;
export type PhonicsActivityType = (typeof PHONICS_ACTIVITY_TYPES)[number];
/** -1 in an activity's graphemes means every grapheme. */
export const ALL_GRAPHEMES = -1;

/**
 * Looks an activity up by id or ident.
 *
 * @example
 * findPhonicsActivity('balloon-pop')?.difficultyLevels // [1, 2, 3]
 * findPhonicsActivity(11)?.params.is_screening_check   // true
 */
export function findPhonicsActivity(key: number | string): PhonicsActivity | undefined {
  return PHONICS_ACTIVITIES.find((activity) => activity.id === key || activity.ident === key);
}

/**
 * The activities a teacher can set as work: assignable and not hidden.
 *
 * @example
 * assignablePhonicsActivities().map((a) => a.ident) // ['sound-keyboard', 'word-sounds', ...]
 */
export function assignablePhonicsActivities(): PhonicsActivity[] {
  return PHONICS_ACTIVITIES.filter((activity) => activity.assignable && !activity.hidden);
}
