/**
 * Country suggestions of the place editor: every ISO 3166-1 region, named in the panel's language by the
 * browser's Intl.DisplayNames (no list to translate or ship), at most seven matches, names starting with
 * the typed text first.
 */
const CODES =
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  );

export const MAX_COUNTRY_SUGGESTIONS = 7;

const cache = new Map<string, string[]>();

/** Every country's name in a language, sorted by that language's rules. */
export function countryNames(locale: string): string[] {
  const hit = cache.get(locale);
  if (hit) return hit;
  let names: string[];
  try {
    const dn = new Intl.DisplayNames([locale], { type: 'region' });
    names = [...new Set(CODES.map((c) => dn.of(c) ?? c))].sort((a, b) => a.localeCompare(b, locale));
  } catch {
    names = [...CODES];
  }
  cache.set(locale, names);
  return names;
}

/** Up to seven countries for the typed text: names starting with it, then names containing it. */
export function suggestCountries(locale: string, typed: string): string[] {
  const names = countryNames(locale);
  const q = typed.trim().toLocaleLowerCase(locale);
  if (!q) return names.slice(0, MAX_COUNTRY_SUGGESTIONS);
  const starts = names.filter((n) => n.toLocaleLowerCase(locale).startsWith(q));
  const contains = names.filter((n) => !n.toLocaleLowerCase(locale).startsWith(q) && n.toLocaleLowerCase(locale).includes(q));
  return [...starts, ...contains].slice(0, MAX_COUNTRY_SUGGESTIONS);
}
