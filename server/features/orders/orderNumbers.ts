import type { Tx } from '../../db/types';
import { nextInShop } from '../../db/shopCounters';

/** The next order number of a shop (1, 2, 3... per shop), taken in the order's transaction (db/shopCounters.ts). */
export const nextOrderNumber = (tx: Tx, storeId: number): Promise<number> => nextInShop(tx, 'order_numbers', storeId);
