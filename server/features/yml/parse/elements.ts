/**
 * The YML parser's element tables. Offer fields read as plain text or booleans are declared once, on the
 * registry's offer fields (`yml`, `ymlElements` in schemas/offer.ts); the tables below are built from them.
 * Elements with rules of their own (price, picture, param, dimensions, …) are read in offerReader.ts.
 */
import { offerSchema } from '../../../../schemas';

/** Pictures kept per offer (more are dropped with a warning). */
export const MAX_PICTURES = 10;

type Table = Record<string, string>;

function tables() {
  const text: Table = {};
  const bool: Table = {};
  const lenientBool: Table = {};
  const multiline = new Set<string>();
  for (const f of offerSchema.fields) {
    if (!f.yml) continue;
    for (const element of f.ymlElements ?? [f.name]) {
      if (f.yml === 'bool') bool[element] = f.name;
      else if (f.yml === 'lenientBool') lenientBool[element] = f.name;
      else {
        text[element] = f.name;
        if (f.yml === 'multiline') multiline.add(element);
      }
    }
  }
  return { text, bool, lenientBool, multiline };
}
const built = tables();

/** Offer child elements copied as text, element name → offer key. */
export const TEXT_FIELDS: Readonly<Table> = built.text;
/** Strict YML booleans (a value that is not a boolean is dropped with a warning). */
export const BOOL_FIELDS: Readonly<Table> = built.bool;
/** Lenient booleans: true/false/yes/no become '1'/'0', anything else is kept as written. */
export const LENIENT_BOOL_FIELDS: Readonly<Table> = built.lenientBool;
/** Fields whose inner whitespace (line breaks) is kept; every other text field is collapsed. */
export const MULTILINE: ReadonlySet<string> = built.multiline;

/** Known YML elements we do not map: kept in `extra` without a warning. */
export const KNOWN_EXTRA = new Set<string>([
  'count', 'age', 'cpa', 'bid', 'cbid', 'fee', 'vat', 'rec', 'market-sku', 'tn-ved-codes', 'certificate',
  'period-of-validity-days', 'comment-validity-days', 'service-life-days', 'comment-life-days',
  'warranty-days', 'comment-warranty', 'manufacturer', 'disabled', 'secondaryId', 'picture_url',
]);

/** Offer attributes that have their own key. */
export const OFFER_ATTRS = new Set<string>(['id', 'type', 'available', 'group_id', 'bid']);

/** Shop-level text elements. */
export const SHOP_INFO = new Set<string>(['name', 'company', 'url', 'platform', 'version', 'agency', 'email']);

/**
 * Named HTML entities that real feeds use although XML does not declare them. Anything else that is
 * undeclared stays as written (`&foo;`) with a warning.
 */
export const HTML_ENTITIES: Record<string, string> = (() => {
  const map: Record<string, string> = {
    nbsp: '\u00a0', ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009', zwnj: '\u200c', zwj: '\u200d',
    lrm: '\u200e', rlm: '\u200f', ndash: '\u2013', mdash: '\u2014', lsquo: '\u2018', rsquo: '\u2019',
    sbquo: '\u201a', ldquo: '\u201c', rdquo: '\u201d', bdquo: '\u201e', dagger: '\u2020', Dagger: '\u2021',
    bull: '\u2022', hellip: '\u2026', permil: '\u2030', prime: '\u2032', Prime: '\u2033', lsaquo: '\u2039',
    rsaquo: '\u203a', oline: '\u203e', euro: '\u20ac', trade: '\u2122', larr: '\u2190', uarr: '\u2191',
    rarr: '\u2192', darr: '\u2193', harr: '\u2194', minus: '\u2212', le: '\u2264', ge: '\u2265',
    ne: '\u2260', asymp: '\u2248', infin: '\u221e', radic: '\u221a', sum: '\u2211', prod: '\u220f',
    OElig: '\u0152', oelig: '\u0153', Scaron: '\u0160', scaron: '\u0161', Yuml: '\u0178', fnof: '\u0192',
    circ: '\u02c6', tilde: '\u02dc', alpha: '\u03b1', beta: '\u03b2', gamma: '\u03b3', delta: '\u03b4',
    mu: '\u03bc', pi: '\u03c0', Omega: '\u03a9', hearts: '\u2665', loz: '\u25ca', check: '\u2713',
  };
  // The Latin-1 block U+00A0…U+00FF in HTML's order.
  const latin1 =
    'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 ' +
    'acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde ' +
    'Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc ' +
    'Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml ' +
    'aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc ' +
    'otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';
  latin1.split(' ').forEach((n, i) => (map[n] = String.fromCharCode(0xa0 + i)));
  return map;
})();
