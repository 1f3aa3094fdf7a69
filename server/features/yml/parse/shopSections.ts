/**
 * The feed's shop sections read element by element: a currency, a category, and the category tree made
 * sound once `</categories>` closes. Pure functions of what the parser saw (parseYml.ts calls them), so a
 * test can call each without a feed.
 */
import { collapse, toDecimal } from './values';
import type { YmlCategory, YmlCurrency } from './types';

type Warn = (message: string) => void;

/** A category as declared, before its parent is checked (parentId null: top level). */
export interface DeclaredCategory {
  id: string;
  parentId: string | null;
  name: string;
  line: number;
}

/** `<currency id rate plus>`: null (with a warning) when it has no id or repeats one in `known` (which it joins). */
export function readCurrency(attrs: Record<string, string>, known: Set<string>, warn: Warn, line: number): YmlCurrency | null {
  const id = (attrs.id ?? '').trim().toUpperCase();
  if (!id) {
    warn(`line ${line}: <currency> without id skipped`);
    return null;
  }
  if (known.has(id)) {
    warn(`currency ${id} declared twice, the first kept`);
    return null;
  }
  known.add(id);
  let rate = (attrs.rate ?? '').trim();
  if (!rate) {
    warn(`currency ${id} has no rate, 1 assumed`);
    rate = '1';
  }
  const currency: YmlCurrency = { id, rate: toDecimal(rate) ?? rate.toUpperCase() };
  const plus = (attrs.plus ?? '').trim();
  if (plus) currency.plus = plus;
  return currency;
}

/** `<category id parentId>name</category>`: null (with a warning) without an id or for a repeated one; a nameless one takes its id. */
export function readCategory(attrs: Record<string, string>, text: string, known: Set<string>, warn: Warn, line: number): DeclaredCategory | null {
  const id = (attrs.id ?? '').trim();
  if (!id) {
    warn(`line ${line}: <category> without id skipped`);
    return null;
  }
  if (known.has(id)) {
    warn(`category ${id} declared twice, the first kept`);
    return null;
  }
  let name = collapse(text);
  if (!name) {
    warn(`category ${id} has no name, its id is used`);
    name = id;
  }
  known.add(id);
  // parentId="0" or "" means top level unless a category "0" exists (checked by categoryTree).
  const parentRaw = (attrs.parentId ?? '').trim();
  return { id, parentId: parentRaw === '' ? null : parentRaw, name, line };
}

/**
 * The declared categories as a tree the catalogue can hold: an undeclared parent, a category its own
 * parent and a parent chain that loops make the category top level (with a warning); parents come before
 * their children, otherwise feed order. `known`: every category id the feed declared; `emitted`: ids already
 * given out (none of them is repeated).
 */
export function categoryTree(declaredList: DeclaredCategory[], known: Set<string>, warn: Warn, emitted = new Set<string>()): YmlCategory[] {
  const declared = new Map<string, DeclaredCategory>();
  for (const c of declaredList) declared.set(c.id, c);
  for (const c of declaredList) {
    // parentId="0" is a common way to say "top level" (unless a category "0" exists).
    if (c.parentId === '0' && !known.has('0')) c.parentId = null;
    if (c.parentId === null) continue;
    if (!known.has(c.parentId)) {
      warn(`category ${c.id} (line ${c.line}): parent ${c.parentId} is not declared, made top level`);
      c.parentId = null;
    } else if (c.parentId === c.id) {
      warn(`category ${c.id} (line ${c.line}) is its own parent, made top level`);
      c.parentId = null;
    }
  }
  // Break parent cycles (a → b → a): the first category found on a cycle becomes top level.
  for (const c of declaredList) {
    const seen = new Set<string>([c.id]);
    let p = c.parentId;
    while (p !== null) {
      if (seen.has(p)) {
        warn(`category ${c.id}: parent chain loops, made top level`);
        c.parentId = null;
        break;
      }
      seen.add(p);
      p = declared.get(p)?.parentId ?? null;
    }
  }
  const tree: YmlCategory[] = [];
  const emit = (c: DeclaredCategory): void => {
    if (emitted.has(c.id)) return;
    if (c.parentId !== null && !emitted.has(c.parentId)) {
      const parent = declared.get(c.parentId);
      if (parent) emit(parent);
    }
    emitted.add(c.id);
    tree.push({ id: c.id, parentId: c.parentId, name: c.name });
  };
  for (const c of declaredList) emit(c);
  return tree;
}
