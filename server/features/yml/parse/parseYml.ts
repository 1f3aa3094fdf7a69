/**
 * Streaming parser of Yandex Market YML feeds (`<yml_catalog><shop>…</shop></yml_catalog>`).
 *
 * Pure: no database, no network. It reads the feed chunk by chunk with saxes (which never fetches
 * anything and expands no external entities), reports the shop, its currencies and categories, and
 * calls `onOffer` once per offer, so a feed of 100 000 offers never sits in memory. Handlers may be
 * async: the next chunk is not read before they have settled (backpressure on the input stream).
 *
 * Real feeds are messy, so most problems are warnings (collected in the result, also passed to
 * `onWarning`); only malformed XML, a feed without `<shop>`, an offer without id and a DOCTYPE that
 * declares entities are fatal: the promise rejects with a {@link YmlError} naming line and column.
 */
import { SaxesParser } from 'saxes';
import { decodeFeed } from './decode';
import { readOption } from './offerFields';
import { offerReader } from './offerReader';
import { HTML_ENTITIES, SHOP_INFO } from './elements';
import { collapse } from './values';
import { categoryTree, readCategory, readCurrency, type DeclaredCategory } from './shopSections';
import { YmlError, type Awaitable, type ParseYmlOptions, type ParseYmlResult, type YmlHandlers, type YmlInput, type YmlShop } from './types';

export { MAX_PICTURES } from './elements';

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

/**
 * Parses a YML feed. Resolves with counts and warnings once the whole feed is read and every handler
 * has settled; rejects with a {@link YmlError} on a fatal feed error, or with whatever a handler threw.
 */
export async function parseYml(
  input: YmlInput,
  handlers: YmlHandlers = {},
  options: ParseYmlOptions = {},
): Promise<ParseYmlResult> {
  const maxWarnings = options.maxWarnings ?? 500;
  const warnings: string[] = [];
  let omittedWarnings = 0;
  const warn = (message: string): void => {
    if (warnings.length < maxWarnings) warnings.push(message);
    else omittedWarnings++;
    handlers.onWarning?.(message);
  };
  /** Warnings that would repeat for many offers are counted and reported once at the end. */
  const tallies = new Map<string, { count: number; examples: string[] }>();
  const tally = (what: string, offerId: string, single: string): void => {
    let t = tallies.get(what);
    if (!t) tallies.set(what, (t = { count: 0, examples: [] }));
    t.count++;
    if (t.examples.length < 5) t.examples.push(offerId);
    handlers.onWarning?.(`offer ${offerId}: ${single}`);
  };

  const parser = new SaxesParser({ xmlns: false, position: true });
  Object.assign(parser.ENTITIES, HTML_ENTITIES);

  const fatal = (reason: string): YmlError => new YmlError(reason, parser.line, parser.column);

  // Work produced by one write(): handlers run after it, in order, awaited one by one.
  const queue: Array<() => Awaitable<void>> = [];

  const result: ParseYmlResult = {
    date: null,
    shop: { name: '', company: '', url: '', deliveryOptions: [], pickupOptions: [] },
    currencies: [],
    categoryList: [],
    offers: 0,
    categories: 0,
    warnings,
  };
  const shop = result.shop;

  const stack: string[] = [];
  let rootName = '';
  let shopSeen = false;
  let shopFlushed = false;
  let currenciesSeen = false;
  let categoriesDone = false;
  let offersSeen = false;
  const currencyIds = new Set<string>();
  const categoryIds = new Set<string>();
  const pendingCategories: DeclaredCategory[] = [];
  const unknownElements = new Map<string, number>();

  // Text capture for shop info elements and categories.
  let capture: { depth: number; text: string } | null = null;
  let categoryAttrs: Record<string, string> | null = null;
  let shopOptionsKind: 'deliveryOptions' | 'pickupOptions' | null = null;


  const flushShop = (): void => {
    if (shopFlushed) return;
    shopFlushed = true;
    if (!shop.name) warn('the shop has no <name>');
    const snapshot: YmlShop = { ...shop };
    if (handlers.onShop) queue.push(() => handlers.onShop!(snapshot));
  };

  const flushCategories = (): void => {
    const emitted = new Set<string>(result.categoryList.map((c) => c.id));
    for (const category of categoryTree(pendingCategories, categoryIds, warn, emitted)) {
      result.categoryList.push(category);
      result.categories++;
      if (handlers.onCategory) queue.push(() => handlers.onCategory!(category));
    }
    pendingCategories.length = 0;
    categoriesDone = true;
  };

  const offers = offerReader({
    warn,
    tally,
    fatal,
    line: () => parser.line,
    shop,
    currencies: () => (currenciesSeen ? currencyIds : null),
    categories: () => (categoriesDone ? categoryIds : null),
    unknownElements,
    onOffer: (offer, repeated) => {
      result.offers++;
      if (handlers.onOffer) queue.push(() => handlers.onOffer!(offer, repeated));
    },
  });

  // ----- saxes events -----

  parser.on('error', (err) => {
    const reason = err.message.replace(/^\d+:\d+: /, '');
    if (/^undefined entity/.test(reason)) {
      warn(`line ${parser.line}: undefined entity kept as written`);
      return;
    }
    throw fatal(reason);
  });

  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype)) throw fatal('a DOCTYPE declaring entities (<!ENTITY>) is not allowed');
  });

  parser.on('opentag', (tag) => {
    stack.push(tag.name);
    const depth = stack.length;
    const name = tag.name;
    const attrs = tag.attributes as Record<string, string>;

    if (depth === 1) {
      rootName = name;
      if (name !== 'yml_catalog') warn(`root element is <${name}>, expected <yml_catalog>`);
      result.date = attrs.date?.trim() || null;
      return;
    }
    if (stack[1] !== 'shop') return; // outside the shop: ignored
    if (depth === 2) {
      if (shopSeen) throw fatal('a second <shop> element');
      shopSeen = true;
      return;
    }
    if (depth === 3) {
      if (name === 'currencies' || name === 'categories' || name === 'offers') flushShop();
      if (name === 'currencies') currenciesSeen = true;
      else if (name === 'offers') offersSeen = true;
      else if (SHOP_INFO.has(name)) capture = { depth, text: '' };
      else if (name === 'delivery-options') shopOptionsKind = 'deliveryOptions';
      else if (name === 'pickup-options') shopOptionsKind = 'pickupOptions';
      return;
    }
    const section = stack[2];
    if (depth === 4) {
      if (section === 'currencies' && name === 'currency') {
        const currency = readCurrency(attrs, currencyIds, warn, parser.line);
        if (!currency) return;
        result.currencies.push(currency);
        if (handlers.onCurrency) queue.push(() => handlers.onCurrency!(currency));
      } else if (section === 'categories' && name === 'category') {
        categoryAttrs = attrs;
        capture = { depth, text: '' };
      } else if (section === 'offers' && name === 'offer') {
        offers.start(attrs);
      } else if ((section === 'delivery-options' || section === 'pickup-options') && name === 'option') {
        if (shopOptionsKind) shop[shopOptionsKind].push(readOption(attrs));
      }
      return;
    }
    offers.openTag(depth, name, attrs, tag.isSelfClosing);
  });

  const onText = (text: string, cdata: boolean): void => {
    const depth = stack.length;
    if (capture && depth >= capture.depth) {
      capture.text += text;
      return;
    }
    offers.text(depth, text, cdata);
  };
  parser.on('text', (t) => onText(t, false));
  parser.on('cdata', (t) => onText(t, true));

  parser.on('closetag', (tag) => {
    const depth = stack.length;
    const name = tag.name;
    try {
      if (stack[1] !== 'shop' || depth < 2) return;
      if (depth === 2) {
        flushShop();
        return;
      }
      if (depth === 3) {
        if (SHOP_INFO.has(name) && capture) {
          const value = collapse(capture.text);
          capture = null;
          if (name === 'name' || name === 'company' || name === 'url') shop[name] = value;
          else if (value) shop[name as 'platform' | 'version' | 'agency' | 'email'] = value;
        } else if (name === 'categories') flushCategories();
        else if (name === 'delivery-options' || name === 'pickup-options') shopOptionsKind = null;
        return;
      }
      if (depth === 4) {
        if (stack[2] === 'categories' && name === 'category' && capture && categoryAttrs) {
          const category = readCategory(categoryAttrs, capture.text, categoryIds, warn, parser.line);
          capture = null;
          categoryAttrs = null;
          if (category) pendingCategories.push(category);
          return;
        }
        if (stack[2] === 'offers' && name === 'offer') offers.end();
        return;
      }
      offers.closeTag(depth, name, tag.isSelfClosing);
    } finally {
      stack.pop();
    }
  });

  // ----- driving the parser -----

  const drain = async (): Promise<void> => {
    // Handlers may enqueue nothing themselves; run them in order and await each.
    for (let i = 0; i < queue.length; i++) await queue[i]();
    queue.length = 0;
  };

  const checkAbort = (): void => {
    if (options.signal?.aborted) throw options.signal.reason ?? new Error('YML parse aborted');
  };

  for await (const text of decodeFeed(input, warn)) {
    checkAbort();
    parser.write(text);
    await drain();
  }
  checkAbort();
  if (!rootName) throw fatal('the feed is empty or has no root element');
  parser.close();
  await drain();

  if (!shopSeen) throw fatal('no <shop> element');
  if (!offersSeen) warn('the feed has no <offers>');
  if (!currenciesSeen) warn('the feed declares no <currencies>');
  for (const [name, count] of unknownElements) {
    warn(`unknown offer element <${name}> kept in extra (${count} offer${count === 1 ? '' : 's'})`);
  }
  for (const [what, t] of tallies) {
    const more = t.count > t.examples.length ? ', …' : '';
    // The sum only (each offer went to onWarning): in the list, not again to the handler.
    if (warnings.length < maxWarnings) warnings.push(`${what}: ${t.count} (${t.examples.join(', ')}${more})`);
    else omittedWarnings++;
  }
  if (omittedWarnings > 0) warnings.push(`… and ${omittedWarnings} more warnings`);
  return result;
}
