/**
 * Text typed with the other keyboard layout (ЙЦУКЕН ↔ QWERTY on the same keys): "xfqybr" is "чайник" typed
 * with the English layout on, "ыфьыгтп" is "samsung" with the Russian one. Keys, not sounds: each character
 * maps to the one on the same key, case kept; what has no key in the other layout stays as it is.
 */
const EN = "`qwertyuiop[]asdfghjkl;'zxcvbnm,.";
const RU = 'ёйцукенгшщзхъфывапролджэячсмитьбю';
const EN_UPPER = '~QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>';
const RU_UPPER = 'ЁЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ';

const toRu = new Map<string, string>();
const toEn = new Map<string, string>();
for (const [from, to] of [
  [EN, RU],
  [EN_UPPER, RU_UPPER],
]) {
  for (let i = 0; i < from.length; i++) {
    toRu.set(from[i], to[i]);
    toEn.set(to[i], from[i]);
  }
}

const LATIN = /[a-z]/i;
const CYRILLIC = /[а-яё]/i;

/** The text as if typed with the Russian layout (Latin letters and the keys beside them to Cyrillic). */
export const latinKeysToCyrillic = (s: string) => Array.from(s, (c) => toRu.get(c) ?? c).join('');
/** The text as if typed with the English layout. */
export const cyrillicKeysToLatin = (s: string) => Array.from(s, (c) => toEn.get(c) ?? c).join('');

/**
 * The text with the other layout: Latin-only text to Cyrillic, Cyrillic-only text to Latin; null for text
 * mixing both scripts or having neither (nothing to switch).
 */
export function switchLayout(s: string): string | null {
  const latin = LATIN.test(s);
  const cyrillic = CYRILLIC.test(s);
  if (latin === cyrillic) return null;
  return latin ? latinKeysToCyrillic(s) : cyrillicKeysToLatin(s);
}
