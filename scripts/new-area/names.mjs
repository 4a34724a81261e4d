// The names of a new area in every spelling the layers use.

const WORD = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

const pascal = (kebab) =>
  kebab
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
const camel = (kebab) => {
  const p = pascal(kebab);
  return p[0].toLowerCase() + p.slice(1);
};

/** `work-items work-item` → every name the templates need; throws on anything else. */
export function namesOf(plural, singular) {
  for (const [what, word] of [
    ['plural', plural],
    ['singular', singular],
  ]) {
    if (!word || !WORD.test(word)) {
      throw new Error(`the ${what} must be lower-case kebab-case (letters, digits, dashes): got "${word ?? ''}"`);
    }
  }
  if (plural === singular) throw new Error('the plural and the singular must differ');
  const words = plural.replace(/-/g, ' ');
  const word = singular.replace(/-/g, ' ');
  return {
    /** URL, folder, file and locale-namespace key: `work-items`. */
    p: plural,
    /** File names of one thing: `work-item`. */
    s: singular,
    /** Types and components: `WorkItems`, `WorkItem`. */
    P: pascal(plural),
    S: pascal(singular),
    /** Variables, locale keys, the table's Drizzle name: `workItems`, `workItem`. */
    pc: camel(plural),
    sc: camel(singular),
    /** The SQL table: `work_items`. */
    table: plural.replace(/-/g, '_'),
    /** The permission subject: `workItem`. */
    subject: camel(singular),
    /** English words for the strings: `work items` / `Work items`, `work item` / `Work item`. */
    words,
    Words: words[0].toUpperCase() + words.slice(1),
    word,
    Word: word[0].toUpperCase() + word.slice(1),
  };
}
