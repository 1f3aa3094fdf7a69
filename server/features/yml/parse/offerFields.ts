/**
 * What one `<offer>` element becomes: the offer its tag starts (offerFromAttrs) and each closed direct child
 * read into it (readField), by the element tables (elements.ts, built from the registry) or by the rules of
 * the elements that have their own. Functions of the draft alone, so a test can call them without a feed.
 */
import type { YmlDeliveryOption, YmlOffer } from './types';
import { BOOL_FIELDS, MAX_PICTURES, KNOWN_EXTRA, LENIENT_BOOL_FIELDS, MULTILINE, OFFER_ATTRS, TEXT_FIELDS } from './elements';
import { collapse, ISO_PERIOD, toBool, toDecimal } from './values';

type Warn = (message: string) => void;

/** A delivery or pickup `<option>`'s attributes. */
export const readOption = (attrs: Record<string, string>): YmlDeliveryOption => {
  const o: YmlDeliveryOption = { cost: (attrs.cost ?? '').trim(), days: collapse(attrs.days ?? '') };
  const ob = (attrs['order-before'] ?? attrs.order_before ?? '').trim();
  if (ob) o.orderBefore = ob;
  return o;
};

export interface SubElement {
  name: string;
  attrs: Record<string, string>;
  text: string;
}

/** A direct child of `<offer>` being read. */
export interface Field {
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

export interface OfferDraft {
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

/** The offer an `<offer>` tag starts, from its attributes (the rest of them kept in `extra` as `@name`). */
export function offerFromAttrs(id: string, attrs: Record<string, string>, warn: Warn): YmlOffer {
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
  return offer;
}

/** A delivery or pickup option as the offer's delivery_options_* / pickup_options_* fields. */
export function applyOption(offer: YmlOffer, prefix: 'delivery_options' | 'pickup_options', o: YmlDeliveryOption): void {
  const rec = offer as unknown as Record<string, string | undefined>;
  if (o.cost) rec[`${prefix}_cost`] = toDecimal(o.cost) ?? o.cost;
  if (o.days) rec[`${prefix}_days`] = o.days;
  if (o.orderBefore) rec[`${prefix}_order_before`] = o.orderBefore;
}


function setText(d: OfferDraft, key: string, value: string, elementName: string, warn: Warn): void {
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
}

const firstOption = (f: Field): SubElement | undefined => f.children.find((c) => c.name === 'option');

/**
 * Reads a closed direct child of `<offer>` into the draft: by its own rule (price, picture, param, …) or by
 * the element tables; an unknown element's text goes to `extra` and its name is counted in `unknownElements`.
 */
export function readField(d: OfferDraft, f: Field, warn: Warn, unknownElements: Map<string, number>): void {
  const offer = d.offer;
  const name = f.name;
  const text = MULTILINE.has(name) ? f.text.trim() : collapse(f.text);
  switch (name) {
    case 'description':
      setText(d, 'description', f.raw.trim(), name, warn);
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
      if (text) setText(d, 'hall', text, name, warn);
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
    else setText(d, boolKey, b, name, warn);
    return;
  }
  const lenientKey = LENIENT_BOOL_FIELDS[name];
  if (lenientKey) {
    setText(d, lenientKey, toBool(text) ?? text, name, warn);
    return;
  }
  const key = TEXT_FIELDS[name];
  if (key) {
    setText(d, key, text, name, warn);
    return;
  }
  // Unknown element: keep its text.
  if (!KNOWN_EXTRA.has(name)) unknownElements.set(name, (unknownElements.get(name) ?? 0) + 1);
  if (text) offer.extra[name] = offer.extra[name] !== undefined ? `${offer.extra[name]}, ${text}` : text;
}


