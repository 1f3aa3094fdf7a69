import { describe, expect, it } from 'vitest';
import { arrangedOrder } from './photoOrder';

const file = (name: string) => ({ rawFile: new File(['x'], name), src: `blob:${name}` });

describe('the pictures’ order after a save', () => {
  it('puts a new upload where the owner placed it, and the stored ones as moved', () => {
    // Form: new photo first, then stored b, a. The server kept a, b and appended the upload n.
    expect(arrangedOrder([file('new.png'), { id: 'b' }, { id: 'a' }], [{ id: 'a' }, { id: 'b' }, { id: 'n' }])).toEqual(['n', 'b', 'a']);
  });
  it('is null when the server’s order is the owner’s', () => {
    expect(arrangedOrder([{ id: 'a' }, { id: 'b' }, file('x.png')], [{ id: 'a' }, { id: 'b' }, { id: 'n' }])).toBeNull();
    expect(arrangedOrder([], [])).toBeNull();
  });
  it('is null when the save kept fewer pictures than the form had', () => {
    expect(arrangedOrder([file('1.png'), file('2.png')], [{ id: 'n1' }])).toBeNull();
  });
});
