import { describe, expect, it } from 'vitest';
import { imageSourceField, selectedOption, withOptionChosen } from './imageSource';

describe('settings: a select-type field (the shop pictures)', () => {
  it('opens as a file for a stored picture or nothing, as a link for an http(s) address', () => {
    expect(imageSourceField('store/1/logo.jpg')).toMatchObject({ type: 'file', value: 'store/1/logo.jpg' });
    expect(imageSourceField(null).type).toBe('file');
    expect(imageSourceField('https://cdn.example/logo.png')).toMatchObject({ type: 'url' });
  });

  it('choosing an option marks it selected, clears the value and sets the field type from the option', () => {
    const start = imageSourceField('store/1/logo.jpg');
    const link = withOptionChosen(start, 'link');
    expect(link.value).toBe('');
    expect(link.type).toBe('url');
    expect(link.options.map((o) => [o.id, o.isSelect])).toEqual([['file', false], ['link', true]]);
    const file = withOptionChosen({ ...link, value: 'https://x.example/a.png' }, 'file');
    expect(file).toMatchObject({ value: '', type: 'file' });
    expect(selectedOption(file)).toMatchObject({ id: 'file', isSelect: true });
    // The logo's file picker accepts JPEG (and the other pictures the server takes).
    expect(selectedOption(file).mime?.split(',')).toContain('image/jpeg');
  });
});
