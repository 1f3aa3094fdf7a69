/**
 * Typo tolerance: the shop's word closest to a misspelt one, within a number of edits that grows with the
 * word's length (editsAllowed). Distances are Levenshtein's (fastest-levenshtein: a well-kept, dependency-free
 * implementation, chosen over hand-written code), on the words and on their sound keys (soundKey: "чайнег"
 * and "чайник" sound alike and have the same key), whichever is smaller.
 */
import { distance } from 'fastest-levenshtein';

/** Edits forgiven in a word of this length: none up to 3 letters, 1 up to 7, 2 from 8. */
export function editsAllowed(length: number): number {
  return length <= 3 ? 0 : length <= 7 ? 1 : 2;
}

/** Russian letters that sound alike, written one way: vowels as heard unstressed, voiced consonants as voiceless. */
const SOUND: Record<string, string> = {
  о: 'а', е: 'и', э: 'и', ё: 'и', ы: 'и', й: 'и', я: 'а', ю: 'у',
  б: 'п', в: 'ф', г: 'к', д: 'т', ж: 'ш', з: 'с', щ: 'ш', ь: '', ъ: '',
};

/** A Cyrillic word as it sounds (a rough key: doubled letters once, no soft or hard signs); other words as they are. */
export function soundKey(word: string): string {
  if (!/[а-яё]/.test(word)) return word;
  let out = '';
  for (const c of word) {
    const s = SOUND[c] ?? c;
    if (s && s !== out[out.length - 1]) out += s;
  }
  return out;
}

interface Entry {
  word: string;
  key: string;
  /** How many products name it (more: the likelier meaning when two words are as close). */
  hits: number;
}

/** A store's words with their sound keys, grouped by length for the search of close ones. */
export class Vocabulary {
  private readonly byLength = new Map<number, Entry[]>();
  private readonly known = new Set<string>();
  private maxLength = 0;

  constructor(words: Iterable<{ word: string; hits: number }>) {
    for (const { word, hits } of words) {
      const entry = { word, key: soundKey(word), hits };
      let list = this.byLength.get(word.length);
      if (!list) this.byLength.set(word.length, (list = []));
      list.push(entry);
      this.known.add(word);
      this.maxLength = Math.max(this.maxLength, word.length);
    }
  }

  has(word: string): boolean {
    return this.known.has(word);
  }

  /**
   * The word closest to `word` within editsAllowed(word.length), or null. prefix: the word may be the start of
   * a longer one still being typed ("чйни" → "чайник"): a longer word's start of about the same length counts.
   * Ties go to the word more products name, then the one nearer in length.
   */
  closest(word: string, prefix = false): string | null {
    const bound = editsAllowed(word.length);
    if (bound === 0) return null;
    const key = soundKey(word);
    let best: Entry | null = null;
    let bestCost = Infinity;
    const consider = (e: Entry, cost: number) => {
      if (cost > bound) return;
      const lengthGap = Math.abs(e.word.length - word.length);
      if (cost < bestCost || (cost === bestCost && best && (e.hits > best.hits || (e.hits === best.hits && lengthGap < Math.abs(best.word.length - word.length))))) {
        best = e;
        bestCost = cost;
      }
    };
    const to = prefix ? this.maxLength : word.length + bound;
    for (let length = Math.max(1, word.length - bound); length <= to; length++) {
      for (const e of this.byLength.get(length) ?? []) {
        let cost = Math.min(distance(word, e.word), distance(key, e.key));
        if (prefix && length > word.length && cost > bound) {
          // The word's start, a letter shorter or longer than what was typed (a letter missed or doubled).
          for (let cut = word.length - 1; cut <= word.length + 1 && cost > 0; cut++) cost = Math.min(cost, distance(word, e.word.slice(0, cut)));
        }
        consider(e, cost);
      }
    }
    return (best as Entry | null)?.word ?? null;
  }
}
