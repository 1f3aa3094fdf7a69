import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { ApiError } from '../../errors';
import { sha256 } from '../../lib/hash';

export const IMAGE_FORMATS = ['png', 'gif', 'jpeg', 'webp'] as const;
const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
const MAX_VIDEO_BYTES = 50 * 1024 * 1024;
/**
 * The most pixels an upload may have (about 7,000 x 7,000): a small file that declares 10,000 x 10,000
 * (a decompression bomb) would take 400 MB to decode. Checked from the header, before any decoding.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
import { LARGE_SIDE, MIDDLE_SIDE, THUMB_SIDE } from '../../../schemas/rules/pictures';
export { MIDDLE_SIDE, THUMB_SIDE };

export interface StoredImage {
  /** Path under /images/ of the picture (at most 1600 px a side, metadata stripped). */
  img: string;
  /** Path of the list thumbnail (400 px, webp); the 800 px WebP is beside it as <base>_m.webp (schemas/rules/pictures.ts). */
  thumb: string;
}

/** The 800 px WebP of a picture (what a phone of pixel ratio 2-3 takes for a card instead of the 1600 px original). */
export const middleWebp = (data: Buffer, limitInputPixels = MAX_IMAGE_PIXELS) =>
  sharp(data, { limitInputPixels }).rotate().resize({ width: MIDDLE_SIDE, height: MIDDLE_SIDE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 74 }).toBuffer();

/** Whether the bytes are an MP4 or QuickTime movie (an `ftyp` box, or a QuickTime `moov`/`mdat`/`wide` atom). */
export function videoKind(data: Buffer): 'mp4' | 'mov' | null {
  if (data.length < 12) return null;
  const box = data.toString('latin1', 4, 8);
  if (box === 'ftyp') return data.toString('latin1', 8, 10) === 'qt' ? 'mov' : 'mp4';
  if (['moov', 'mdat', 'wide', 'free'].includes(box)) return 'mov';
  return null;
}

/** Files live under the uploads folder as <store>/<kind>/<content hash>.<ext>; the same bytes are stored once. */
export function createImageStore(uploadsDir: string) {
  const write = async (rel: string, data: Buffer) => {
    const file = path.join(uploadsDir, rel);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data);
    return rel;
  };

  /**
   * The cheap part of the check, from the file's header alone (no pixel is decoded): its size, an image kind
   * it may be, and at most MAX_IMAGE_PIXELS. 413 too_large or 400 unsupported_file; else its format.
   */
  const checkImage = async (data: Buffer): Promise<(typeof IMAGE_FORMATS)[number]> => {
    if (data.length > MAX_IMAGE_BYTES) throw new ApiError(413, 'too_large');
    let meta: Metadata;
    try {
      meta = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    } catch {
      throw new ApiError(400, 'unsupported_file');
    }
    const format = meta.format as (typeof IMAGE_FORMATS)[number];
    if (!IMAGE_FORMATS.includes(format)) throw new ApiError(400, 'unsupported_file');
    if (!meta.width || !meta.height || meta.width * (meta.pageHeight ?? meta.height) > MAX_IMAGE_PIXELS) throw new ApiError(400, 'unsupported_file');
    return format;
  };

  /**
   * Checks that the bytes are an image (png, gif, jpeg, webp) and makes its two sizes, writing nothing yet:
   * a caller with several files prepares them all first, so one bad file leaves nothing stored.
   */
  const prepareImage = async (storeId: number, kind: string, data: Buffer): Promise<{ save(): Promise<StoredImage> }> => {
    const format = await checkImage(data);
    const base = `${storeId}/${kind}/${sha256(data.toString('base64')).slice(0, 24)}`;
    const ext = format === 'jpeg' ? 'jpg' : format;
    // The names come from the bytes: when all three sizes are stored already (a re-import of the same feed,
    // the same picture uploaded again), they are what encoding would write, so the work is skipped.
    const sizes = [`${base}.${ext}`, `${base}_t.webp`, `${base}_m.webp`];
    if ((await Promise.all(sizes.map((rel) => fs.access(path.join(uploadsDir, rel)).then(() => true, () => false)))).every(Boolean)) {
      return { save: async () => ({ img: sizes[0], thumb: sizes[1] }) };
    }
    let large: Buffer;
    let thumb: Buffer;
    let middle: Buffer;
    try {
      // A header that reads fine over broken pixel data (a cut-off upload) fails here: still the client's file.
      // Every format is decoded and encoded anew (GIF too, frames kept): bytes hidden after the image (an
      // HTML or script polyglot) never reach the uploads folder.
      large =
        format === 'gif'
          ? await sharp(data, { animated: true, limitInputPixels: MAX_IMAGE_PIXELS }).gif().toBuffer()
          : await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize({ width: LARGE_SIDE, height: LARGE_SIDE, fit: 'inside', withoutEnlargement: true }).toFormat(format, { quality: 82 }).toBuffer();
      thumb = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true }).webp({ quality: 72 }).toBuffer();
      middle = await middleWebp(data);
    } catch {
      throw new ApiError(400, 'unsupported_file');
    }
    return {
      save: async () => {
        await write(`${base}_m.webp`, middle);
        return { img: await write(`${base}.${ext}`, large), thumb: await write(`${base}_t.webp`, thumb) };
      },
    };
  };
  const prepareVideo = (storeId: number, kind: string, data: Buffer): { save(): Promise<string> } => {
    if (data.length > MAX_VIDEO_BYTES) throw new ApiError(413, 'too_large');
    const ext = videoKind(data);
    if (!ext) throw new ApiError(400, 'unsupported_file');
    return { save: () => write(`${storeId}/${kind}/${sha256(data.toString('base64')).slice(0, 24)}.${ext}`, data) };
  };

  /**
   * The 800 px WebP of a picture stored before that size existed: made once from the original beside it
   * (<base>.jpg/png/gif/webp), else the 400 px thumbnail is answered (a feed picture whose original is remote).
   * `rel` is the path under /images/ ending in _m.webp; null when there is nothing to make it from.
   */
  const middleFor = async (rel: string): Promise<Buffer | null> => {
    const m = /^((?:[\w-]+\/)*[\w-]+)_m\.webp$/.exec(rel);
    if (!m) return null;
    const base = path.join(uploadsDir, m[1]);
    for (const ext of ['jpg', 'png', 'webp', 'gif']) {
      const data = await fs.readFile(`${base}.${ext}`).catch(() => null);
      if (!data) continue;
      try {
        const out = await middleWebp(data);
        await fs.writeFile(`${base}_m.webp`, out);
        return out;
      } catch {
        return null;
      }
    }
    return fs.readFile(`${base}_t.webp`).catch(() => null);
  };

  return {
    dir: uploadsDir,
    middleFor,
    checkImage,
    prepareImage,
    prepareVideo,
    /** Checks that the bytes are an image (png, gif, jpeg, webp), then stores it with its thumbnail. */
    async saveImage(storeId: number, kind: string, data: Buffer): Promise<StoredImage> {
      return (await prepareImage(storeId, kind, data)).save();
    },
    async saveVideo(storeId: number, kind: string, data: Buffer): Promise<string> {
      return prepareVideo(storeId, kind, data).save();
    },
  };
}
export type ImageStore = ReturnType<typeof createImageStore>;

declare module '../../api/context' {
  interface AppServices {
    /** The uploads store (pictures and videos with their thumbnails). */
    images: ImageStore;
  }
}
