import { ROOT_CATEGORY_ID } from '../../../schemas';

/** The category and its ancestors, from the category up (never the root '0'). Pure: the YML import worker uses it. */
export function ancestry(parents: Map<string, string>, id: string): string[] {
  const out: string[] = [];
  for (let c: string | undefined = id; c !== undefined && c !== ROOT_CATEGORY_ID && !out.includes(c); c = parents.get(c)) out.push(c);
  return out;
}
