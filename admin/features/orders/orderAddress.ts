/** The numbers of a delivery address, each named ('дом 5, подъезд 2, этаж 7, кв. 12'), in the order a courier reads them. */
export const ADDRESS_NUMBERS = ['house', 'entrance', 'floor', 'flat'] as const;

export function addressNumbers(order: Record<string, unknown>, label: (part: string) => string): string {
  return ADDRESS_NUMBERS.filter((k) => order[k] !== null && order[k] !== undefined && String(order[k]).trim() !== '')
    .map((k) => `${label(k)} ${String(order[k]).trim()}`)
    .join(', ');
}
