import { describe, expect, it } from 'vitest';
import { Vocabulary, editsAllowed, soundKey } from './typoTolerance';

const shop = new Vocabulary(
  [
    ['чайник', 40],
    ['чайники', 3],
    ['кастрюля', 12],
    ['сковорода', 9],
    ['холодильник', 5],
    ['samsung', 7],
    ['самокат', 2],
    ['стол', 20],
    ['стул', 18],
  ].map(([word, hits]) => ({ word: word as string, hits: hits as number })),
);

describe('typo tolerance', () => {
  it('forgives more edits in longer words: none up to 3 letters, 1 up to 7, 2 from 8', () => {
    expect([1, 3, 4, 7, 8, 15].map(editsAllowed)).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('writes letters that sound alike one way', () => {
    expect(soundKey('чайнег')).toBe(soundKey('чайник'));
    expect(soundKey('каструля')).toBe(soundKey('кастрюля'));
    expect(soundKey('samsung')).toBe('samsung');
  });

  it('finds the shop word within the edits the length allows', () => {
    expect(shop.closest('чайнек')).toBe('чайник');
    expect(shop.closest('чйник')).toBe('чайник');
    expect(shop.closest('чайнег')).toBe('чайник');
    expect(shop.closest('кострюля')).toBe('кастрюля');
    expect(shop.closest('скавародо')).toBe('сковорода');
    expect(shop.closest('холодилник')).toBe('холодильник');
    expect(shop.closest('samsng')).toBe('samsung');
  });

  it('takes the word more products name when two are as close', () => {
    expect(shop.closest('чайникк')).toBe('чайник');
  });

  it('does not correct short words, nor words further than allowed', () => {
    expect(shop.closest('стл')).toBeNull();
    expect(shop.closest('чмйнгк')).toBeNull();
    expect(shop.closest('ываолдж')).toBeNull();
  });

  it('completes a misspelt start of a word as it is typed', () => {
    expect(shop.closest('чйни', true)).toBe('чайник');
    expect(shop.closest('кострю', true)).toBe('кастрюля');
    expect(shop.closest('кострю')).toBeNull();
  });
});
