import { test, expect } from './adminFixtures';
import { ymlFeed } from './fakes';
import { shot } from './shots';

/**
 * Issue 35's walk in Arabic: the import page wrote its dates in the browser's language, not the panel's (an
 * Arabic panel in a Russian browser read '13:55:50 ,01.12.2026'), and the feed's size '879 B' read 'B 879'.
 * Now the dates follow the panel's language and the sizes read left to right.
 */
test.use({ ownShop: 'admin-yml-rtl' });

test("in Arabic the import page's dates are the panel's and its sizes read left to right", async ({ adminPage: page }, info) => {
  const prefix = `rtl${info.project.name[0]}${Date.now() % 100000}x`;
  await page.goto('/admin/yml_import');
  await page.getByRole('button', { name: 'Язык: Русский' }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Two previews: the second is the card, the first the history's entry.
  for (const n of [1, 2]) {
    await page.getByTestId('yml-file').setInputFiles({ name: `f${n}.xml`, mimeType: 'text/xml', buffer: Buffer.from(ymlFeed(n, `${prefix}${n}_`)) });
    await expect(page.getByTestId('preview-new_offers')).toContainText(`${prefix}${n}_${n}`, { timeout: 60_000 });
  }
  const card = page.getByRole('region', { name: 'آخر استيراد' });
  const entry = page.getByRole('region', { name: 'سجل الاستيراد' }).getByTestId('yml-history-entry').first();
  // Arabic's own date-time (its 'ص'/'م' for the half of the day), not the browser's Russian '01.12.2026, 13:55'.
  const stamp = card.getByText(/^ملف f2\.xml · /);
  await expect(stamp).toHaveText(/ · .*[صم]/);
  await expect(stamp).not.toHaveText(/\d\d\.\d\d\.\d{4}/);
  // The date is a run of its own, wholly left of the file's name (mixed, the day's '1' was drawn right of 'f2.xml').
  const [nameLeft, dateRight] = await stamp.evaluate((el) => {
    const text = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.includes('f2.xml')) as Text;
    const at = text.textContent!.indexOf('f2.xml');
    const r = document.createRange();
    r.setStart(text, at);
    r.setEnd(text, at + 'f2.xml'.length);
    return [r.getBoundingClientRect().left, el.querySelector('bdi')!.getBoundingClientRect().right];
  });
  expect(dateRight).toBeLessThan(nameLeft);
  const when = entry.locator('.MuiTypography-root').first();
  await expect(when).toHaveText(/[صم]/);
  await expect(when).not.toHaveText(/\d\d\.\d\d\.\d{4}/);

  // The size: '1 KB' as written, the digits left of the unit.
  const size = card.locator('bdi[dir="ltr"]', { hasText: 'KB' }).first();
  await expect(size).toHaveText(/^\d+ KB$/);
  const [digit, unit] = await size.evaluate((el) => {
    const text = el.firstChild as Text;
    const at = (i: number) => {
      const r = document.createRange();
      r.setStart(text, i);
      r.setEnd(text, i + 1);
      return r.getBoundingClientRect().left;
    };
    return [at(0), at(text.length - 1)];
  });
  expect(digit).toBeLessThan(unit);
  await shot(page, `yml-rtl-${info.project.name}`);
});
