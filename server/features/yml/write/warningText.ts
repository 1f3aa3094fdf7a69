/**
 * The downloadable list of an import's warnings in the owner's language. The import writes the list in a
 * neutral form (warningLog.ts: the kind's code, the offer id, the parser's English sentence); the download
 * renders it in the shop's language (shopLang, as the order export): the columns' titles, the kind as the
 * admin's import report names it, and each sentence of a known pattern through i18n/server `yml_warnings`,
 * with the feed's own ids, element names and values as written. A sentence of no known pattern stays as the
 * parser wrote it.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { lookup, format, type Lang } from '../../../../i18n';
import { SERVER_TEXTS } from '../../../../i18n/server';
import { csvCell } from '../../../lib/csv';

/**
 * The parser's sentences (parse/*.ts and the writer's own warn() calls), each as a key of i18n/server
 * `yml_warnings.messages` and a pattern whose named groups fill that text's placeholders. A new warn() text
 * gets its line here and its text in the eight catalogues; until then it is listed as written.
 */
const PATTERNS: [string, RegExp][] = [
  ['offer_again', /^offer (?<id>.+?) \(line (?<line>\d+)\) appears again; the later one wins on import$/s],
  ['offer_twice', /^offer (?<id>.+?) appears twice; the later one is kept$/s],
  ['no_name', /^offer (?<id>.+?) \(line (?<line>\d+)\) has no name, model or title$/s],
  ['no_price', /^offer (?<id>.+?): has no price, not for sale$/s],
  ['no_picture', /^offer (?<id>.+?): has no picture$/s],
  ['pictures_dropped', /^offer (?<id>.+?): (?<count>\d+) picture\(s\) beyond (?<max>\d+) dropped$/s],
  ['currency_undeclared', /^offer (?<id>.+?): currency (?<currency>.*) is not declared in <currencies>$/s],
  ['no_currency', /^offer (?<id>.+?): has no currencyId$/s],
  ['category_undeclared', /^offer (?<id>.+?): category (?<category>.*) is not declared in <categories>$/s],
  ['no_category', /^offer (?<id>.+?): has no categoryId, skipped$/s],
  ['stray_text', /^offer (?<id>.+?): text outside any element ignored$/s],
  ['available_not_boolean', /^offer (?<id>.+?): available="(?<value>.*)" is not a boolean, taken as available$/s],
  ['element_repeated', /^offer (?<id>.+?): repeated <(?<element>[^>]*)> ignored$/s],
  ['warranty_bad', /^offer (?<id>.+?): <manufacturer_warranty> "(?<value>.*)" is neither a boolean nor a period, ignored$/s],
  ['dimensions_bad', /^offer (?<id>.+?): <dimensions> "(?<value>.*)" is not L\/W\/H, kept in extra$/s],
  ['not_number', /^offer (?<id>.+?): <(?<element>[^>]*)> "(?<value>.*)" is not a number, ignored$/s],
  ['not_boolean', /^offer (?<id>.+?): <(?<element>[^>]*)> "(?<value>.*)" is not a boolean, ignored$/s],
  ['no_option', /^offer (?<id>.+?): <(?<element>[^>]*)> without <option>$/s],
  ['param_no_name', /^offer (?<id>.+?): <param> without a name skipped$/s],
  ['param_no_value', /^offer (?<id>.+?): <param name="(?<name>.*)"> without a value skipped$/s],
  ['field_dropped', /^offer (?<id>.+?): (?<field>\w+) (?<code>\w+), dropped$/s],
  ['currency_no_id', /^line (?<line>\d+): <currency> without id skipped$/s],
  ['category_no_id', /^line (?<line>\d+): <category> without id skipped$/s],
  ['entity', /^line (?<line>\d+): undefined entity kept as written$/s],
  ['currency_twice', /^currency (?<currency>.+) declared twice, the first kept$/s],
  ['currency_no_rate', /^currency (?<currency>.+) has no rate, 1 assumed$/s],
  ['category_twice', /^category (?<category>.+) declared twice, the first kept$/s],
  ['category_no_name', /^category (?<category>.+) has no name, its id is used$/s],
  ['parent_undeclared', /^category (?<category>.+?) \(line (?<line>\d+)\): parent (?<parent>.*) is not declared, made top level$/s],
  ['own_parent', /^category (?<category>.+?) \(line (?<line>\d+)\) is its own parent, made top level$/s],
  ['parent_loop', /^category (?<category>.+?): parent chain loops, made top level$/s],
  ['shop_no_name', /^the shop has no <name>$/],
  ['root', /^root element is <(?<element>[^>]*)>, expected <yml_catalog>$/s],
  ['no_offers', /^the feed has no <offers>$/],
  ['no_currencies', /^the feed declares no <currencies>$/],
  ['unknown_element', /^unknown offer element <(?<element>[^>]*)> kept in extra \((?<count>\d+) offers?\)$/s],
  ['encoding', /^unknown encoding "(?<encoding>.*)", reading the feed as UTF-8$/s],
  ['picture_outside', /^picture (?<src>.+) is outside the feed's folder, skipped$/s],
  ['picture_unreadable', /^picture (?<src>.+) could not be read, skipped$/s],
  ['param_no_slot', /^param (?<name>.+) of category (?<category>.+?): no free filter slot on its new path, its id is kept$/s],
];

/** A text of i18n/server in `lang` (Russian when that language lacks it), or null when there is none. */
function text(lang: Lang, key: string): string | null {
  return lookup(SERVER_TEXTS[lang], key) ?? lookup(SERVER_TEXTS.ru, key) ?? null;
}

/** A parser's warning in `lang`: its pattern's text with the feed's own values, or the sentence as written. */
export function warningText(message: string, lang: Lang): string {
  for (const [key, re] of PATTERNS) {
    const m = re.exec(message);
    if (!m) continue;
    const t = text(lang, `yml_warnings.messages.${key}`);
    return t === null ? message : format(t, { ...m.groups });
  }
  return message;
}

/** A kind of warning as the admin's import report names it, or its code. */
export const warningKindName = (kind: string, lang: Lang) => text(lang, `yml_warnings.kinds.${kind}`) ?? kind;

/**
 * The records of a CSV file written by warningLog.ts (',' between cells, quoted cells may hold line breaks),
 * read as a stream; each cell as it was before csvCell made it safe for a spreadsheet.
 */
async function* csvRecords(input: AsyncIterable<string>): AsyncGenerator<string[]> {
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  let pendingQuote = false;
  const endCell = () => {
    cells.push(wasQuoted ? cell : cell.replace(/\r$/, ''));
    cell = '';
    wasQuoted = false;
  };
  for await (const chunk of input) {
    for (const ch of chunk) {
      if (pendingQuote) {
        pendingQuote = false;
        if (ch === '"') {
          cell += '"';
          continue;
        }
        quoted = false;
      }
      if (quoted) {
        if (ch === '"') pendingQuote = true;
        else cell += ch;
      } else if (ch === '"' && cell === '') {
        quoted = wasQuoted = true;
      } else if (ch === ',') endCell();
      else if (ch === '\n') {
        endCell();
        yield cells.map(unsafe);
        cells = [];
      } else cell += ch;
    }
  }
  if (cell !== '' || cells.length) {
    endCell();
    yield cells.map(unsafe);
  }
}

/** A cell as it was before csvCell: without the apostrophe before a formula, a phone out of its ="…". */
const unsafe = (v: string) => /^'[=+\-@\t\r]/.test(v) ? v.slice(1) : (/^="(\+\d{7,15})"$/.exec(v)?.[1] ?? v);

/**
 * The warnings file of an import as the owner downloads it, in `lang`: UTF-8 with a BOM (Excel reads the
 * Cyrillic), ';' between cells and CRLF lines as the order export, every cell through csvCell.
 */
export function renderWarningsCsv(file: string, lang: Lang): Readable {
  const header = ['kind', 'offer_id', 'message'].map((c) => csvCell(text(lang, `yml_warnings.headers.${c}`) ?? c)).join(';');
  async function* lines() {
    yield `\ufeff${header}\r\n`;
    let batch = '';
    let first = true;
    for await (const [kind = '', id = '', message = ''] of csvRecords(fs.createReadStream(file, { encoding: 'utf8' }))) {
      // The stored file's own header (after its BOM).
      if (first) {
        first = false;
        if (kind.replace(/^\ufeff/, '') === 'kind') continue;
      }
      batch += `${csvCell(warningKindName(kind, lang))};${csvCell(id)};${csvCell(warningText(message, lang))}\r\n`;
      if (batch.length >= 64 * 1024) {
        yield batch;
        batch = '';
      }
    }
    if (batch) yield batch;
  }
  return Readable.from(lines());
}
