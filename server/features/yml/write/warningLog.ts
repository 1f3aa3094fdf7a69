import fs from 'node:fs';
import path from 'node:path';
import { csvCell } from '../../../lib/csv';

/** Offer ids kept per warning kind in the report. */
export const IDS_PER_KIND = 20;

/** The offer a parser warning is about ("offer <id>: …", "offer <id> (line n) …"), or null. */
export function warningOfferId(message: string): string | null {
  return /^offer (\S+?)(?::| \(| appears)/.exec(message)?.[1] ?? null;
}

const cell = (v: string) => csvCell(v, ',');

/** The kind of a warning, from its text (the parser reports plain sentences). */
export function warningKind(message: string): string {
  if (/appears (again|twice)/.test(message)) return 'duplicate_offer';
  if (/category .* is not declared|parent .* is not declared/.test(message)) return 'undeclared_category';
  if (/currency .* is not declared/.test(message)) return 'undeclared_currency';
  if (/is not a number|is not a boolean|neither a boolean|is not L\/W\/H/.test(message)) return 'bad_value';
  if (/unknown offer element/.test(message)) return 'unknown_element';
  if (/picture/.test(message)) return 'picture';
  if (/has no (name|price|currencyId|categoryId)|without a name|without a value|without id|without <option>/.test(message)) return 'missing_value';
  if (/ dropped$|, dropped/.test(message)) return 'invalid_field';
  if (/encoding/.test(message)) return 'encoding';
  if (/entity/.test(message)) return 'entity';
  return 'other';
}

/**
 * The warnings of an import: counted by kind with the first offer ids of each (the report), the first 500
 * texts, and every one as CSV (kind, offer id, message) in a file, appended in chunks so that a feed with a
 * warning per offer does not hold them all in memory. The file is neutral (the kind's code, the parser's
 * English sentence): the download renders it in the shop's language (warningText.ts renderWarningsCsv).
 */
export class WarningLog {
  readonly texts: string[] = [];
  readonly kinds: Record<string, number> = {};
  readonly ids: Record<string, string[]> = {};
  private lines: string[] = [];
  constructor(private readonly file: string | undefined) {
    if (!file) return;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '\ufeffkind,offer_id,message\n');
  }
  readonly warn = (message: string) => {
    const kind = warningKind(message);
    this.kinds[kind] = (this.kinds[kind] ?? 0) + 1;
    if (this.texts.length < 500) this.texts.push(message);
    const id = warningOfferId(message);
    const ids = (this.ids[kind] ??= []);
    if (id !== null && ids.length < IDS_PER_KIND && !ids.includes(id)) ids.push(id);
    if (!this.file) return;
    this.lines.push(`${cell(kind)},${cell(id ?? '')},${cell(message)}\n`);
    if (this.lines.length >= 1000) this.flush();
  };
  flush() {
    if (!this.file || !this.lines.length) return;
    fs.appendFileSync(this.file, this.lines.join(''));
    this.lines = [];
  }
}
