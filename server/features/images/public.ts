/** What other features may use of the uploads store. */
export { createImageStore, middleWebp, videoKind, IMAGE_FORMATS, MAX_IMAGE_PIXELS, MIDDLE_SIDE, THUMB_SIDE, type ImageStore, type StoredImage } from './images';
