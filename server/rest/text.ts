/** A LIKE pattern matching the text anywhere, with the pattern's own wildcards taken literally. */
export const likePattern = (text: string): string => `%${text.trim().slice(0, 100).replace(/[%_\\]/g, '')}%`;
