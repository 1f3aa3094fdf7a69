import { ROOT_CATEGORY_ID } from '../../../../schemas';

/** The deepest category that holds all of these (ROOT_CATEGORY_ID when they share none). */
export function commonCategory(parents: Map<string, string>, categoryIds: Iterable<string>): string {
  let common: string[] | null = null;
  for (const id of categoryIds) {
    const chain: string[] = [];
    for (let c: string | undefined = id; c && c !== ROOT_CATEGORY_ID && !chain.includes(c); c = parents.get(c)) chain.unshift(c);
    if (common === null) common = chain;
    else {
      let i = 0;
      while (i < common.length && i < chain.length && common[i] === chain[i]) i++;
      common = common.slice(0, i);
    }
  }
  return common?.[common.length - 1] ?? ROOT_CATEGORY_ID;
}
