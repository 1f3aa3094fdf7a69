import { describe, expect, it } from 'vitest';
import { checkDraft, coordsOf, draftFromRecord, fullWeek, newPlaceDraft, placeCentre, restData } from './placeDraft';
import { MAX_COUNTRY_SUGGESTIONS, suggestCountries } from './countries';

describe('place draft', () => {
  it('fills days without a schedule with 00:00–23:59; a new place has Saturday and Sunday off', () => {
    const w = fullWeek({ monday: { from: '09:00', to: '18:00', isWeekend: false } });
    expect(w.monday).toEqual({ from: '09:00', to: '18:00', isWeekend: false });
    expect(w.sunday).toEqual({ from: '00:00', to: '23:59', isWeekend: false });
    const fresh = newPlaceDraft().week;
    expect(fresh.saturday.isWeekend && fresh.sunday.isWeekend).toBe(true);
    expect(fresh.friday).toEqual({ from: '00:00', to: '23:59', isWeekend: false });
  });

  it('reads a stored place and writes every field back', () => {
    const d = draftFromRecord({ id: 3, name: 'Центр', latitude: '59.9', longitude: '30.3', coords: [[1, 2], [3, 4], ['x', 5], [5, 6]], color: '1,2,3,0.5', phone: null });
    expect(d.coords).toEqual([[1, 2], [3, 4], [5, 6]]);
    expect(d.phone).toBe('');
    expect(placeCentre(d)).toEqual([59.9, 30.3]);
    expect(restData({ ...d, name: '  Центр  ' })).toMatchObject({ name: 'Центр', coords: d.coords, color: '1,2,3,0.5' });
    expect(coordsOf('nope')).toEqual([]);
  });

  it('checks a draft with the registry: the name is required, a zone needs three points', () => {
    expect(checkDraft(newPlaceDraft()).map((e) => e.field)).toEqual(['name']);
    expect(checkDraft({ ...newPlaceDraft(), name: 'A', coords: [[1, 2], [3, 4]] }).map((e) => e.field)).toEqual(['coords']);
    expect(checkDraft({ ...newPlaceDraft(), name: 'A', coords: [[1, 2], [3, 4], [5, 5]] })).toEqual([]);
  });

  it('suggests at most seven countries in the panel language', () => {
    expect(suggestCountries('ru', 'Рос')[0]).toBe('Россия');
    expect(suggestCountries('en', 'ger')).toContain('Germany');
    expect(suggestCountries('ru', 'а').length).toBe(MAX_COUNTRY_SUGGESTIONS);
  });
});
