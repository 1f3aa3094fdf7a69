/**
 * Checks docs/FEATURES.md: every row's status is `done`, `partial` or `not yet`; a `done` row names at least
 * one test; every test it names exists (`path`: title — the file exists and holds that title). Prints the
 * count per status. Run: npx tsx docs/checkFeatures.ts (exit 1 on a problem).
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const text = fs.readFileSync(path.join(ROOT, 'docs', 'FEATURES.md'), 'utf8');
const STATUSES = ['done', 'partial', 'not yet'];
const problems: string[] = [];
const counts: Record<string, number> = { done: 0, partial: 0, 'not yet': 0 };
const sources = new Map<string, string>();
const source = (file: string) => {
  if (!sources.has(file)) sources.set(file, fs.existsSync(path.join(ROOT, file)) ? fs.readFileSync(path.join(ROOT, file), 'utf8') : '');
  return sources.get(file)!;
};
// Titles are compared without quote styles and escapes: 'a\'b', "a'b" and `a'b` are the same title.
const plain = (s: string) => s.replace(/\\(.)/g, '$1').replace(/[’‘]/g, "'").replace(/\s+/g, ' ');

text.split('\n').forEach((line, i) => {
  if (!line.startsWith('|') || /^\|\s*-/.test(line) || /^\|\s*item\s*\|/.test(line)) return;
  const cells = line.split('|').slice(1, -1).map((c) => c.trim());
  if (cells.length < 3) return;
  const [item, status, tests] = cells;
  const at = `FEATURES.md:${i + 1} (${item.slice(0, 50)})`;
  if (!STATUSES.includes(status)) return problems.push(`${at}: status "${status}" is not one of ${STATUSES.join(', ')}`);
  counts[status]++;
  const refs = [...tests.matchAll(/`([^`]+\.(?:ts|tsx))`:\s*([^;]+)/g)];
  if (status === 'done' && !refs.length) problems.push(`${at}: done without a test`);
  for (const [, file, rawTitle] of refs) {
    const title = rawTitle.trim();
    const src = source(file);
    if (!src) problems.push(`${at}: no file ${file}`);
    else if (!plain(src).includes(plain(title))) problems.push(`${at}: ${file} has no test "${title}"`);
  }
});

for (const p of problems) console.log(p);
console.log(`${counts.done} done, ${counts.partial} partial, ${counts['not yet']} not yet; ${problems.length} problem(s)`);
if (problems.length) process.exitCode = 1;
