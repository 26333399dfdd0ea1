/**
 * Literacy resource titles by browse category: each subject is published in each of the category's
 * formats, so 9 categories x 12 subjects x 2 formats gives 216 distinct resources.
 */
export interface CategoryTitles {
  readonly category: string;
  readonly type: string;
  readonly subjects: readonly string[];
  readonly formats: readonly string[];
}

export const RESOURCE_TITLES: readonly CategoryTitles[] = [
  {
    category: 'writing-shed',
    type: 'Writing Unit',
    subjects: ['The Lighthouse Keeper', 'Journey to the Ice Palace', 'The Clockwork Fox', 'Secrets of the Sunken Ship', 'The Dragon Egg',
      'A Day at the Volcano', 'The Lost Kite', 'Robot on the Run', 'The Midnight Library', 'Fog over Harbour Town', 'The Tiny Astronaut', 'Whispering Woods'],
    formats: ['Narrative Writing Unit', 'Story Writing Planning Pack'],
  },
  {
    category: 'reading-shed',
    type: 'Book Study',
    subjects: ['The Iron Man', 'Charlotte\'s Web', 'Kensuke\'s Kingdom', 'The Wild Robot', 'Holes', 'Wonder', 'The Hodgeheg', 'Cosmic',
      'Skellig', 'The Firework-Maker\'s Daughter', 'Pig Heart Boy', 'The Boy at the Back of the Class'],
    formats: ['Book Study', 'Reading Comprehension Pack'],
  },
  {
    category: 'non-fiction',
    type: 'Teaching Pack',
    subjects: ['Volcanoes', 'The Water Cycle', 'Rainforests', 'Plastic in the Ocean', 'Bees and Pollination', 'The Solar System', 'Healthy Eating',
      'Antarctic Explorers', 'How Bridges Work', 'Recycling', 'Deserts of the World', 'The Human Heart'],
    formats: ['Non-Chronological Report', 'Explanation Text Unit'],
  },
  {
    category: 'poetry-shed',
    type: 'Poetry Unit',
    subjects: ['Haiku Seasons', 'Kennings', 'Shape Poems', 'The Highwayman', 'Limericks', 'Free Verse', 'Cinquain', 'Poems about the Sea',
      'Nonsense Verse', 'Acrostic Poems', 'Performance Poetry', 'Riddles in Rhyme'],
    formats: ['Poetry Unit', 'Poetry Performance Pack'],
  },
  {
    category: 'the-news-shed',
    type: 'News Report',
    subjects: ['Whale Spotted in the River', 'School Garden Wins Award', 'Record-Breaking Heatwave', 'New Dinosaur Discovered', 'Mission to Mars',
      'Town Floods after Storm', 'Local Library Reopens', 'Giant Panda Cub Born', 'Ancient Coins Found', 'Robot Lifeguards', 'Village Fete Chaos', 'Eclipse Day'],
    formats: ['Newspaper Report Unit', 'News Comprehension'],
  },
  {
    category: 'history-shed',
    type: 'History Unit',
    subjects: ['The Romans in Britain', 'Ancient Egypt', 'The Stone Age', 'The Vikings', 'The Great Fire of London', 'Victorian Childhood',
      'The Ancient Greeks', 'The Maya', 'Castles and Knights', 'The Space Race', 'The Tudors', 'World War Two Evacuees'],
    formats: ['Diary Writing Unit', 'History Reading Pack'],
  },
  {
    category: 'christmas-resources',
    type: 'Seasonal Pack',
    subjects: ['The Elf Who Lost Christmas', 'A Letter to Santa', 'The Snow Globe', 'Winter Wonderland', 'The Night Before Christmas',
      'Reindeer Training School', 'The Christmas Robin', 'Gingerbread Mystery', 'Snowman Stories', 'Christmas Around the World', 'The Toy Workshop', 'Frosty Mornings'],
    formats: ['Christmas Writing Pack', 'Festive Reading Activities'],
  },
  {
    category: 'additional-resources',
    type: 'Worksheet',
    subjects: ['Fronted Adverbials', 'Apostrophes for Possession', 'Relative Clauses', 'Inverted Commas', 'Expanded Noun Phrases', 'Conjunctions',
      'Paragraphs', 'Modal Verbs', 'Prefixes and Suffixes', 'Homophones', 'Commas in Lists', 'Past and Present Tense'],
    formats: ['Grammar Worksheets', 'Teaching Slides'],
  },
  {
    category: 'early-years-age-4-5',
    type: 'Early Years Pack',
    subjects: ['The Very Busy Farm', 'Colours of the Rainbow', 'My Family', 'Big and Small', 'Down at the Pond', 'Ten Little Ladybirds',
      'Shapes All Around', 'Going on a Bear Hunt', 'Seasons Change', 'Under the Sea', 'Dinosaur Stomp', 'People Who Help Us'],
    formats: ['Early Years Story Pack', 'Phonics and Mark Making'],
  },
];

/** Age bands of the Resources menu, youngest first (early years is a category of its own above). */
export const AGE_BANDS = ['age-5-7', 'age-7-9', 'age-9-11', 'age-11-14'] as const;
