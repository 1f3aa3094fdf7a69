/**
 * The highest value this process has read per database and store, for values that only go up (catalogue
 * versions, notification seqs): a read below it is older than one already seen. Per database because tests
 * run several apps in one process.
 */
export class HighWater {
  private readonly byDb = new WeakMap<object, Map<number, number>>();

  get(db: object, storeId: number): number {
    return this.byDb.get(db)?.get(storeId) ?? 0;
  }

  /** Notes a value read and gives the highest seen. */
  see(db: object, storeId: number, value: number): number {
    let byStore = this.byDb.get(db);
    if (!byStore) this.byDb.set(db, (byStore = new Map()));
    const high = Math.max(value, byStore.get(storeId) ?? 0);
    byStore.set(storeId, high);
    return high;
  }
}
