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

/**
 * Every warning of an import as CSV (kind, offer id, message) in a file, appended in chunks so that a feed
 * with a warning per offer does not hold them all in memory; the report keeps the first 500 texts only.
 */
export class WarningLog {
  private lines: string[] = [];
  constructor(private readonly file: string | undefined) {
    if (!file) return;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '\ufeffkind,offer_id,message\n');
  }
  add(kind: string, offerId: string | null, message: string) {
    if (!this.file) return;
    this.lines.push(`${cell(kind)},${cell(offerId ?? '')},${cell(message)}\n`);
    if (this.lines.length >= 1000) this.flush();
  }
  flush() {
    if (!this.file || !this.lines.length) return;
    fs.appendFileSync(this.file, this.lines.join(''));
    this.lines = [];
  }
}
