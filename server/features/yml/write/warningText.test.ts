import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../i18n';
import { WarningLog } from './warningLog';
import { renderWarningsCsv, warningKindName, warningText } from './warningText';

const YML = path.resolve(__dirname, '..');

/**
 * Every sentence the import warns with, from its source: the warn() texts of the parser and the writer (each
 * `${…}` as "7") and the per-offer tallies ("offer 7: <single>"), so a new or reworded sentence fails here
 * until warningText.ts and the catalogues know it.
 */
function sentences(): string[] {
  const files = [...fs.readdirSync(path.join(YML, 'parse')).map((n) => path.join(YML, 'parse', n)), path.join(YML, 'write/importYml.ts'), path.join(YML, 'write/writeBatch.ts')];
  const out: string[] = [];
  for (const file of files) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.includes('fixtures')) continue;
    const src = fs.readFileSync(file, 'utf8').replace(/\$\{count === 1 \? '' : 's'\}/g, 's');
    for (const m of src.matchAll(/\bwarn\((`[^`]*`|'[^']*')\)/g)) out.push(m[1].slice(1, -1).replace(/\$\{[^}]*\}/g, '7'));
    for (const m of src.matchAll(/\btally\('[^']*', \w+, '([^']*)'\)/g)) out.push(`offer 7: ${m[1]}`);
  }
  return out;
}

describe("an import's warnings in the owner's language", () => {
  it('knows every sentence the parser and the writer warn with, in all eight languages', () => {
    const all = sentences();
    expect(all.length).toBeGreaterThan(35);
    for (const s of all) {
      // English reads as the parser wrote it (but for its plural: "(offers: 1)" in every language).
      if (!s.startsWith('unknown offer element')) expect(warningText(s, 'en'), s).toBe(s);
      for (const { value: lang } of LANGUAGES.filter((l) => l.value !== 'en')) expect(warningText(s, lang), `${lang}: ${s}`).not.toBe(s);
    }
  });

  it("keeps the feed's ids, element names and values verbatim; an unknown sentence stays as written", () => {
    const cases: [sentence: string, lang: Parameters<typeof warningText>[1], text: string][] = [
      ['offer A-1: <oldprice> "12,5 руб" is not a number, ignored', 'ru', 'товар A-1: <oldprice> "12,5 руб" — не число, пропущено'],
      ['offer x:y: category 99 is not declared in <categories>', 'ru', 'товар x:y: категория 99 не объявлена в <categories>'],
      ['offer 5: <param name="Цвет {id}"> without a value skipped', 'de', 'Angebot 5: <param name="Цвет {id}"> ohne Wert übersprungen'],
      ['unknown offer element <foo> kept in extra (1 offer)', 'ru', 'неизвестный элемент товара <foo> сохранён в дополнительных полях (товаров: 1)'],
      ['something new happened', 'ru', 'something new happened'],
    ];
    for (const [sentence, lang, text] of cases) expect(warningText(sentence, lang), `${lang}: ${sentence}`).toBe(text);
    expect(warningKindName('bad_value', 'ru')).toBe('неверное значение');
    expect(warningKindName('no_such_kind', 'ru')).toBe('no_such_kind');
  });

  it('renders the stored list: quotes, line breaks and formulas survive the round trip and stay safe', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'warning-text-'));
    try {
      const file = path.join(dir, 'w.csv');
      const log = new WarningLog(file);
      log.warn('offer "q",1: <dimensions> "1\n2" is not L/W/H, kept in extra');
      log.warn('offer =HYPERLINK("x"): has no picture');
      log.warn('offer +79161234567: has no picture');
      log.warn('=1+2 is not a sentence we know');
      log.flush();
      let text = '';
      for await (const chunk of renderWarningsCsv(file, 'ru')) text += chunk;
      expect(text.split('\r\n')).toEqual([
        '\ufeffТип;id товара;Предупреждение',
        'неверное значение;"""q"",1";"товар ""q"",1: <dimensions> ""1\n2"" — не в виде Д/Ш/В, сохранено в дополнительных полях"',
        `нет картинки или она не загрузилась;"'=HYPERLINK(""x"")";"товар =HYPERLINK(""x""): нет картинки"`,
        'нет картинки или она не загрузилась;"=""+79161234567""";товар +79161234567: нет картинки',
        `другое;;'=1+2 is not a sentence we know`,
        '',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
