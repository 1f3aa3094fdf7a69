import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ParamStage, PositionSet, RowFile } from './stagedParams';

describe('the params staging file', () => {
  it('reads back every staged line in order, Cyrillic split across its 1 MB reads included', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stage-test-'));
    try {
      const stage = new ParamStage(path.join(dir, 'params.jsonl'));
      const lines: [number, string, string, { name: string; value: string }[]][] = [];
      for (let i = 1; i <= 12_000; i++) {
        const params = [{ name: 'Цвет', value: `ё${'ж'.repeat(i % 97)}\n"${i}"` }];
        lines.push([i, `id-${i}`, `кат ${i % 7}`, params]);
        stage.add(i, `id-${i}`, `кат ${i % 7}`, JSON.stringify(params));
      }
      const read = [...stage.read()];
      expect(read).toEqual(lines);
      expect(Buffer.byteLength(lines.map((l) => JSON.stringify(l)).join('\n'))).toBeGreaterThan(3 << 19);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the mapped rows back chunk by chunk as they were appended; a number JSON cannot carry is refused', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stage-test-'));
    try {
      const file = RowFile.beside(path.join(dir, 'params.jsonl'));
      const rows = new RowFile(file);
      const chunks = [
        [1, 'ид-1', 323, 'ёж "1"\n', null, 1, 'ид-1', 324, '0.1', 0.1],
        [1, 'x', 325, '-12.5', -12.5],
        [2, '🙂', 326, '', 1e300],
      ];
      const at = chunks.map((c) => rows.append(c)!);
      expect(rows.append([1, 'y', 324, '1e400', Infinity])).toBeNull();
      expect(at.map((a) => RowFile.read(file, a.offset, a.length))).toEqual(chunks);
      expect(RowFile.read(file, at[1].offset, at[1].length)).toEqual(chunks[1]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps skipped positions as bits, growing as needed', () => {
    const s = new PositionSet();
    for (const p of [1, 7, 8, 9000, 1_000_000]) s.add(p);
    for (const p of [1, 7, 8, 9000, 1_000_000]) expect(PositionSet.has(s.bits, p)).toBe(true);
    for (const p of [0, 2, 6, 9, 8999, 999_999, 2_000_000]) expect(PositionSet.has(s.bits, p)).toBe(false);
  });
});
