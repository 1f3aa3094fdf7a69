/**
 * Russian written in Latin letters back to Cyrillic ("chaynik" → "чайник", "shkaf" → "шкаф"): the common
 * spellings people type (GOST, passport and informal ones), longest letter group first. Lossy by nature
 * (ts, y, e have several readings): the result is one guess that the typo tolerance (typoTolerance.ts) then
 * matches against the shop's words.
 */
const GROUPS: [string, string][] = [
  ['shch', 'щ'],
  ['sch', 'щ'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['ts', 'ц'],
  ['tz', 'ц'],
  ['yu', 'ю'],
  ['ju', 'ю'],
  ['iu', 'ю'],
  ['ya', 'я'],
  ['ja', 'я'],
  ['ia', 'я'],
  ['yo', 'ё'],
  ['jo', 'ё'],
  ['ye', 'е'],
  ['je', 'е'],
  ['ck', 'к'],
  ['ph', 'ф'],
];
const SINGLE: Record<string, string> = {
  a: 'а', b: 'б', v: 'в', g: 'г', d: 'д', e: 'е', z: 'з', i: 'и', j: 'й', k: 'к', l: 'л', m: 'м', n: 'н', o: 'о', p: 'п',
  r: 'р', s: 'с', t: 'т', u: 'у', f: 'ф', h: 'х', c: 'к', w: 'в', x: 'кс', q: 'к', "'": 'ь',
};
const VOWELS = new Set(['а', 'е', 'ё', 'и', 'о', 'у', 'ы', 'э', 'ю', 'я']);

/** A lower-case Latin word as Russian Cyrillic; null when it has something other than Latin letters and '. */
export function latinToCyrillic(word: string): string | null {
  const w = word.toLowerCase();
  if (!/^[a-z']+$/.test(w) || !/[a-z]/.test(w)) return null;
  let out = '';
  let i = 0;
  while (i < w.length) {
    const group = GROUPS.find(([latin]) => w.startsWith(latin, i));
    if (group) {
      out += group[1];
      i += group[0].length;
      continue;
    }
    const c = w[i];
    // y: й after a vowel ("chaynik", "mayka"), ы elsewhere ("ryba"); c before e, i, y: ц ("cirk").
    if (c === 'y') out += VOWELS.has(out[out.length - 1]) ? 'й' : 'ы';
    else if (c === 'c' && /[eiy]/.test(w[i + 1] ?? '')) out += 'ц';
    else out += SINGLE[c];
    i++;
  }
  return out;
}
