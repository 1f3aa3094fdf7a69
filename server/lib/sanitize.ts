import sanitizeHtml from 'sanitize-html';

/** What the rich-text editors may produce (seed: bold, italic, lists, paragraphs, headings 1-3, links). */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'a', 'span', 'div', 'blockquote'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** The library's answer, always (the fast path below is held equal to it by sanitize.test.ts). */
export const sanitizeWithLibrary = (html: string): string => sanitizeHtml(html, OPTIONS);

const INLINE = new Set(['b', 'strong', 'i', 'em', 'u', 's', 'span']);
const BLOCK = new Set(['p', 'div', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'blockquote']);
/** Blocks the HTML parser closes when another block opens inside them. */
const CLOSED_BY_BLOCK = new Set(['p', 'h1', 'h2', 'h3']);
const TOKEN = /<(\/?)([a-z0-9]+)>|<br \/>|[<>&"]/g;

/**
 * Whether sanitizing would give the text back unchanged: only allowed tags without attributes, written as
 * the sanitizer writes them, properly nested (no block inside a paragraph or heading, no item inside an
 * item), and no character it escapes. Most feed descriptions are such text; they skip the HTML parser.
 */
export function isCleanRichText(html: string): boolean {
  const stack: string[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(html); m; m = TOKEN.exec(html)) {
    if (m[0] === '<br />') continue;
    const name = m[2];
    if (!name || !(INLINE.has(name) || BLOCK.has(name))) return false;
    if (m[1]) {
      if (stack.pop() !== name) return false;
      continue;
    }
    if (BLOCK.has(name) && stack.some((t) => CLOSED_BY_BLOCK.has(t) || (name === 'li' && t === 'li'))) return false;
    stack.push(name);
  }
  return stack.length === 0;
}

export const sanitizeRichText = (html: string): string => (isCleanRichText(html) ? html : sanitizeWithLibrary(html));
