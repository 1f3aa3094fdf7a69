/**
 * The offer state machine of the YML parser: `<offer>` opens a draft, each direct child is collected (its
 * text, its inner markup for the description, its own children such as `<option>`), and read into the
 * offer when it closes (offerFields.ts readField); `</offer>` checks the draft and hands the offer on.
 */
import { IdSet } from './idSet';
import type { YmlOffer, YmlShop } from './types';
import { MAX_PICTURES } from './elements';
import { applyOption, offerFromAttrs, readField, type Field, type OfferDraft } from './offerFields';
import { currencyAliases, escapeAttr, escapeText } from './values';


export interface OfferContext {
  warn: (message: string) => void;
  /**
   * A warning that would repeat for many offers: summed up once at the end in the parse's own list, and
   * handed to `onWarning` per offer as `offer <id>: <single>` (an import's report counts and names them).
   */
  tally: (what: string, offerId: string, single: string) => void;
  fatal: (reason: string) => Error;
  /** The parser's current line. */
  line: () => number;
  /** The shop being read (its delivery and pickup options apply to offers without their own). */
  shop: YmlShop;
  /** The declared currency ids once `<currencies>` was read, else null. */
  currencies: () => ReadonlySet<string> | null;
  /** The declared category ids once `</categories>` was read, else null. */
  categories: () => ReadonlySet<string> | null;
  /** Unknown offer elements counted by name. */
  unknownElements: Map<string, number>;
  /** `repeated`: the feed had an offer of this id before. */
  onOffer: (offer: YmlOffer, repeated: boolean) => void;
}

/** A price above 0: an offer without one is imported as not for sale (prepare.ts), never sold at 0. */
export const hasPrice = (offer: Pick<YmlOffer, 'price'>) => offer.price !== '0' && /[1-9]/.test(offer.price);

export function offerReader(ctx: OfferContext) {
  const { warn, tally, fatal, line, shop, unknownElements } = ctx;
  const offerIds = new IdSet();
  let draft: OfferDraft | null = null;
  let field: Field | null = null;


  const startOffer = (attrs: Record<string, string>): void => {
    const id = (attrs.id ?? '').trim();
    if (!id) throw fatal('<offer> without id');
    const repeated = offerIds.add(id);
    if (repeated) warn(`offer ${id} (line ${line()}) appears again; the later one wins on import`);
    const offer = offerFromAttrs(id, attrs, warn);
    draft = { offer, ownDelivery: false, ownPickup: false, droppedPictures: 0, line: line(), seen: 0, repeated };
  };

  const finishOffer = (d: OfferDraft): void => {
    const offer = d.offer;
    const id = offer.id;
    if (!hasPrice(offer)) tally('offers with price 0 or no price', id, 'has no price, not for sale');
    if (offer.pictures.length === 0) tally('offers without pictures', id, 'has no picture');
    if (d.droppedPictures > 0) warn(`offer ${id}: ${d.droppedPictures} picture(s) beyond ${MAX_PICTURES} dropped`);
    if (!offer.name && !offer.model && !offer.title) warn(`offer ${id} (line ${d.line}) has no name, model or title`);
    if (offer.currencyId) {
      offer.currencyId = offer.currencyId.toUpperCase();
      const currencyIds = ctx.currencies();
      if (currencyIds && !currencyAliases(offer.currencyId).some((c) => currencyIds.has(c))) {
        warn(`offer ${id}: currency ${offer.currencyId} is not declared in <currencies>`);
      }
    } else tally('offers without currencyId', id, 'has no currencyId');
    if (offer.categoryId) {
      const categoryIds = ctx.categories();
      if (categoryIds && !categoryIds.has(offer.categoryId)) {
        warn(`offer ${id}: category ${offer.categoryId} is not declared in <categories>`);
      }
    } else tally('offers without categoryId', id, 'has no categoryId, skipped');
    // Shop-wide delivery and pickup options apply to offers without their own (unless switched off).
    if (!d.ownDelivery && offer.delivery !== '0' && shop.deliveryOptions[0]) {
      applyOption(offer, 'delivery_options', shop.deliveryOptions[0]);
    }
    if (!d.ownPickup && offer.pickup !== '0' && shop.pickupOptions[0]) {
      applyOption(offer, 'pickup_options', shop.pickupOptions[0]);
    }
    ctx.onOffer(offer, d.repeated);
  };

  return {
    /** Inside an `<offer>`. */
    get active(): boolean {
      return draft !== null;
    },
    /** `<offer>` (depth 4 of `<offers>`). */
    start: startOffer,
    /** An element below the offer (depth 5 and deeper). */
    openTag(depth: number, name: string, attrs: Record<string, string>, selfClosing: boolean): void {
      if (!draft) return;
      if (depth === 5) {
        // The parser's attributes object is the tag's own: kept as it is.
        field = { name, attrs, text: '', raw: '', keepRaw: name === 'description', children: [] };
        return;
      }
      if (!field) return;
      if (depth === 6) field.children.push({ name, attrs: { ...attrs }, text: '' });
      if (!field.keepRaw) return;
      let open = `<${name}`;
      for (const [k, v] of Object.entries(attrs)) open += ` ${k}="${escapeAttr(v)}"`;
      field.raw += selfClosing ? `${open}/>` : `${open}>`;
    },
    /** Text at this depth; false when it is not the offer's. */
    text(depth: number, text: string, cdata: boolean): boolean {
      if (field && depth >= 5) {
        field.text += text;
        // Direct text and CDATA are already HTML; text inside re-serialised elements is escaped again.
        if (field.keepRaw) field.raw += cdata || depth === 5 ? text : escapeText(text);
        if (depth >= 6) field.children[field.children.length - 1].text += text;
        return true;
      }
      if (depth === 4 && draft && text.trim()) {
        warn(`offer ${draft.offer.id}: text outside any element ignored`);
        return true;
      }
      return false;
    },
    /** The end of an element below the offer (depth 5 and deeper). */
    closeTag(depth: number, name: string, selfClosing: boolean): void {
      if (!draft || !field) return;
      if (depth === 5) {
        const f = field;
        field = null;
        readField(draft, f, warn, unknownElements);
        return;
      }
      if (!selfClosing && field.keepRaw) field.raw += `</${name}>`;
    },
    /** `</offer>`. */
    end(): void {
      if (!draft) return;
      const d = draft;
      draft = null;
      finishOffer(d);
    },
  };
}
