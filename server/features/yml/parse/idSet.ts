/**
 * A set of strings kept as 64-bit hashes in typed arrays: 8 to 16 bytes per id instead of a string and a Set
 * entry (and never a slice that pins the parser's 64 KB chunk), so remembering a million offer ids stays
 * small. Two different ids share both 32-bit hashes with odds of about 1 in 2^64 per pair.
 */
export class IdSet {
  private a = new Uint32Array(1 << 12);
  private b = new Uint32Array(1 << 12);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Adds the id; true when it was already there. */
  add(id: string): boolean {
    let h1 = 0x811c9dc5;
    let h2 = 0x9747b28c;
    for (let i = 0; i < id.length; i++) {
      const c = id.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
      h2 ^= h2 >>> 15;
    }
    h1 = (h1 ^ (h1 >>> 16)) >>> 0;
    h2 = (h2 | 1) >>> 0; // 0 marks an empty slot
    const mask = this.a.length - 1;
    for (let i = h1 & mask; ; i = (i + 1) & mask) {
      if (this.b[i] === 0) {
        this.a[i] = h1;
        this.b[i] = h2;
        if (++this.count * 4 > this.a.length * 3) this.grow();
        return false;
      }
      if (this.a[i] === h1 && this.b[i] === h2) return true;
    }
  }

  private grow(): void {
    const { a, b } = this;
    this.a = new Uint32Array(a.length * 2);
    this.b = new Uint32Array(b.length * 2);
    const mask = this.a.length - 1;
    for (let j = 0; j < a.length; j++) {
      if (b[j] === 0) continue;
      let i = a[j] & mask;
      while (this.b[i] !== 0) i = (i + 1) & mask;
      this.a[i] = a[j];
      this.b[i] = b[j];
    }
  }
}
