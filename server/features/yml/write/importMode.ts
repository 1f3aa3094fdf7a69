/**
 * What an import does with the offers the shop has and the feed lacks, and what a preview tells before it.
 *
 * - `replace`: the feed is the whole catalogue; offers and categories it lacks are hidden (active 0, not
 *   deleted; they come back when a later feed has them).
 * - `merge`: the feed adds and updates only; nothing is hidden (a second supplier's feed).
 * A preview runs the import in its transaction and rolls it back: the counts are exactly what the import
 * would write, and nothing stored changes.
 */
export const IMPORT_MODES = ['replace', 'merge'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const isImportMode = (v: unknown): v is ImportMode => typeof v === 'string' && (IMPORT_MODES as readonly string[]).includes(v);

/**
 * The share of the shop's products a scheduled refresh may hide: a supplier's feed that comes back cut short
 * (a failed export, a wrong link) would otherwise empty the shop overnight. Beyond it the refresh changes
 * nothing and fails with feed_would_hide (the owner is alerted); the owner's own import may hide any number.
 */
export const SCHEDULED_HIDE_SHARE = 0.5;

/** How many names of each kind a preview shows. */
export const EXAMPLES = 5;

export interface ImportExamples {
  created: string[];
  updated: string[];
  unchanged: string[];
  /** Offers a `replace` would hide (shown whatever the mode, so the owner can choose). */
  hidden: string[];
  /**
   * Categories of the shop the feed gives another name under the same id ('Электроника → Одежда'): a rename by
   * the same supplier, or another supplier's feed whose ids clash with the shop's (its products would land in
   * the first supplier's categories). Named so the owner sees it before importing.
   */
  renamed: string[];
  /** Offers whose fields the owner changed by hand keep them against the feed's other values (ImportResult.ownerKept). */
  ownerKept: string[];
}

export interface PreviewCounts {
  /** Offers a `replace` import of this feed would hide. */
  wouldHide: number;
  examples: ImportExamples;
}

export const emptyExamples = (): ImportExamples => ({ created: [], updated: [], unchanged: [], hidden: [], renamed: [], ownerKept: [] });

export function addExample(list: string[], name: unknown) {
  if (list.length < EXAMPLES && typeof name === 'string' && name) list.push(name);
}

/** Thrown inside a preview's transaction so that it rolls back. */
export class PreviewRollback extends Error {
  constructor() {
    super('preview: rolled back');
  }
}
