/**
 * The offer state machine of the YML parser: `<offer>` opens a draft, each direct child is collected (its
 * text, its inner markup for the description, its own children such as `<option>`), and read into the
 * offer when it closes, by the element tables (elements.ts, built from the registry) or by the rules of
 * the elements that have their own (price, picture, param, dimensions, delivery options, …); `</offer>`
 * checks the draft and hands the offer on.
 */
import { IdSet } from './idSet';
import type { YmlDeliveryOption, YmlOffer, YmlShop } from './types';
import { BOOL_FIELDS, MAX_PICTURES, KNOWN_EXTRA, LENIENT_BOOL_FIELDS, MULTILINE, OFFER_ATTRS, TEXT_FIELDS } from './elements';
import { collapse, currencyAliases, escapeAttr, escapeText, ISO_PERIOD, toBool, toDecimal } from './values';

export interface OfferContext {
  warn: (message: string) => void;
  /** Counts a warning that would repeat for many offers (reported once at the end). */
  tally: (what: string, offerId: string) => void;
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

/** A delivery or pickup `<option>`'s attributes. */
export const readOption = (attrs: Record<string, string>): YmlDeliveryOption => {
  const o: YmlDeliveryOption = { cost: (attrs.cost ?? '').trim(), days: collapse(attrs.days ?? '') };
  const ob = (attrs['order-before'] ?? attrs.order_before ?? '').trim();
  if (ob) o.orderBefore = ob;
  return o;
};

interface SubElement {
  name: string;
  attrs: Record<string, string>;
  text: string;
}

/** A direct child of `<offer>` being read. */
interface Field {
  name: string;
  attrs: Record<string, string>;
  /** All text inside, decoded. */
  text: string;
  /** Inner markup as HTML text (for description; other fields leave it empty). */
  raw: string;
  /** Whether `raw` is kept (the description's). */
  keepRaw: boolean;
  /** Its direct children (`<option>` of delivery-options, `<reason>` of condition …). */
  children: SubElement[];
}

interface OfferDraft {
  offer: YmlOffer;
  ownDelivery: boolean;
  ownPickup: boolean;
  droppedPictures: number;
  line: number;
  /** Price elements already read: 1 <price>, 2 <oldprice>. */
  seen: number;
  /** An offer of this id came before. */
  repeated: boolean;
}

export function offerReader(ctx: OfferContext) {
  const { warn, tally, fatal, line, shop, unknownElements } = ctx;
  const offerIds = new IdSet();
  let draft: OfferDraft | null = null;
  let field: Field | null = null;


  const setText = (d: OfferDraft, key: string, value: string, elementName: string): void => {
    const o = d.offer as unknown as Record<string, string | undefined>;
    if (value === '') return;
    if (key === 'barcode' && o.barcode) {
      o.barcode += ',' + value;
      return;
    }
    if (o[key] !== undefined) {
      warn(`offer ${d.offer.id}: repeated <${elementName}> ignored`);
      return;
    }
    o[key] = value;
  };

  const firstOption = (f: Field): SubElement | undefined => f.children.find((c) => c.name === 'option');

  const finishField = (d: OfferDraft, f: Field): void => {
    const offer = d.offer;
    const name = f.name;
    const text = MULTILINE.has(name) ? f.text.trim() : collapse(f.text);
    switch (name) {
      case 'description':
        setText(d, 'description', f.raw.trim(), name);
        return;
      case 'price':
      case 'oldprice': {
        if (text === '') return;
        const bit = name === 'price' ? 1 : 2;
        if (d.seen & bit) {
          warn(`offer ${offer.id}: repeated <${name}> ignored`);
          return;
        }
        d.seen |= bit;
        const dec = toDecimal(text);
        if (dec === null) {
          warn(`offer ${offer.id}: <${name}> "${text}" is not a number, ignored`);
          return;
        }
        offer[name] = dec;
        return;
      }
      case 'picture': {
        if (!text) return;
        if (offer.pictures.includes(text)) return;
        if (offer.pictures.length >= MAX_PICTURES) d.droppedPictures++;
        else offer.pictures.push(text);
        return;
      }
      case 'supplier': {
        const v = (f.attrs.ogrn ?? '').trim() || text;
        if (v) offer.supplier = v;
        return;
      }
      case 'delivery-options':
      case 'pickup-options': {
        const opt = firstOption(f);
        const prefix = name === 'delivery-options' ? 'delivery_options' : 'pickup_options';
        if (name === 'delivery-options') d.ownDelivery = true;
        else d.ownPickup = true;
        if (!opt) {
          warn(`offer ${offer.id}: <${name}> without <option>`);
          return;
        }
        applyOption(offer, prefix, readOption(opt.attrs));
        return;
      }
      case 'manufacturer_warranty': {
        if (!text) return;
        const b = toBool(text);
        if (b !== null) offer.manufacturer_warranty = b;
        else if (ISO_PERIOD.test(text)) {
          offer.manufacturer_warranty = '1';
          offer.extra.warranty_period = text.toUpperCase();
        } else warn(`offer ${offer.id}: <manufacturer_warranty> "${text}" is neither a boolean nor a period, ignored`);
        return;
      }
      case 'condition': {
        const type = (f.attrs.type ?? '').trim();
        if (type) offer.conditionType = type;
        for (const c of f.children) {
          const v = collapse(c.text);
          if (!v) continue;
          if (c.name === 'reason') offer.conditionReason = v;
          else offer.extra[`condition.${c.name}`] = v;
        }
        return;
      }
      case 'credit-template': {
        const id = (f.attrs.id ?? '').trim() || text;
        if (id) offer.creditTemplate = id;
        return;
      }
      case 'dimensions': {
        if (!text) return;
        const parts = text.split('/').map((p) => p.trim().replace(',', '.'));
        if (parts.length === 3 && parts.every((p) => /^\d+(\.\d+)?$/.test(p))) {
          [offer.length, offer.width, offer.height] = parts;
        } else {
          warn(`offer ${offer.id}: <dimensions> "${text}" is not L/W/H, kept in extra`);
          offer.extra.dimensions = text;
        }
        return;
      }
      case 'dataTour': {
        if (text) (offer.dataTour ??= []).push(text);
        return;
      }
      case 'hall': {
        if (text) setText(d, 'hall', text, name);
        const part = (f.attrs.part ?? '').trim();
        if (part && !offer.hall_part) offer.hall_part = part;
        const plan = (f.attrs.plan ?? '').trim();
        if (plan) offer.extra.hall_plan = plan;
        return;
      }
      case 'param': {
        const pname = collapse(f.attrs.name ?? '');
        if (!pname) {
          warn(`offer ${offer.id}: <param> without a name skipped`);
          return;
        }
        if (!text) {
          warn(`offer ${offer.id}: <param name="${pname}"> without a value skipped`);
          return;
        }
        const unit = collapse(f.attrs.unit ?? '');
        offer.params.push(unit ? { name: pname, unit, value: text } : { name: pname, value: text });
        return;
      }
    }
    const boolKey = BOOL_FIELDS[name];
    if (boolKey) {
      if (!text) return;
      const b = toBool(text);
      if (b === null) warn(`offer ${offer.id}: <${name}> "${text}" is not a boolean, ignored`);
      else setText(d, boolKey, b, name);
      return;
    }
    const lenientKey = LENIENT_BOOL_FIELDS[name];
    if (lenientKey) {
      setText(d, lenientKey, toBool(text) ?? text, name);
      return;
    }
    const key = TEXT_FIELDS[name];
    if (key) {
      setText(d, key, text, name);
      return;
    }
    // Unknown element: keep its text.
    if (!KNOWN_EXTRA.has(name)) unknownElements.set(name, (unknownElements.get(name) ?? 0) + 1);
    if (text) offer.extra[name] = offer.extra[name] !== undefined ? `${offer.extra[name]}, ${text}` : text;
  };


  const applyOption = (offer: YmlOffer, prefix: 'delivery_options' | 'pickup_options', o: YmlDeliveryOption): void => {
    const rec = offer as unknown as Record<string, string | undefined>;
    if (o.cost) rec[`${prefix}_cost`] = toDecimal(o.cost) ?? o.cost;
    if (o.days) rec[`${prefix}_days`] = o.days;
    if (o.orderBefore) rec[`${prefix}_order_before`] = o.orderBefore;
  };

  const startOffer = (attrs: Record<string, string>): void => {
    const id = (attrs.id ?? '').trim();
    if (!id) throw fatal('<offer> without id');
    const repeated = offerIds.add(id);
    if (repeated) warn(`offer ${id} (line ${line()}) appears again; the later one wins on import`);
    const offer: YmlOffer = {
      id,
      type: (attrs.type ?? '').trim() || 'common',
      available: '1',
      price: '0',
      pictures: [],
      params: [],
      extra: {},
    };
    if (attrs.available !== undefined) {
      const b = toBool(attrs.available);
      if (b === null) warn(`offer ${id}: available="${attrs.available}" is not a boolean, taken as available`);
      else offer.available = b;
    }
    const groupId = (attrs.group_id ?? '').trim();
    if (groupId) offer.groupId = groupId;
    const bid = (attrs.bid ?? '').trim();
    if (bid) offer.bid = bid;
    for (const [k, v] of Object.entries(attrs)) if (!OFFER_ATTRS.has(k)) offer.extra[`@${k}`] = v;
    draft = { offer, ownDelivery: false, ownPickup: false, droppedPictures: 0, line: line(), seen: 0, repeated };
  };

  const finishOffer = (d: OfferDraft): void => {
    const offer = d.offer;
    const id = offer.id;
    if (offer.price === '0' || !/[1-9]/.test(offer.price)) tally('offers with price 0 or no price', id);
    if (offer.pictures.length === 0) tally('offers without pictures', id);
    if (d.droppedPictures > 0) warn(`offer ${id}: ${d.droppedPictures} picture(s) beyond ${MAX_PICTURES} dropped`);
    if (!offer.name && !offer.model && !offer.title) warn(`offer ${id} (line ${d.line}) has no name, model or title`);
    if (offer.currencyId) {
      offer.currencyId = offer.currencyId.toUpperCase();
      const currencyIds = ctx.currencies();
      if (currencyIds && !currencyAliases(offer.currencyId).some((c) => currencyIds.has(c))) {
        warn(`offer ${id}: currency ${offer.currencyId} is not declared in <currencies>`);
      }
    } else tally('offers without currencyId', id);
    if (offer.categoryId) {
      const categoryIds = ctx.categories();
      if (categoryIds && !categoryIds.has(offer.categoryId)) {
        warn(`offer ${id}: category ${offer.categoryId} is not declared in <categories>`);
      }
    } else tally('offers without categoryId', id);
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
        finishField(draft, f);
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
