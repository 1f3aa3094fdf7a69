export { CATEGORY_PATH_SEPARATOR, ROOT_CATEGORY_ID, categorySchema, fieldByName } from '../../../schemas';

/** A category icon (a picture path or URL) as a URL: paths are under the shop's /images/. */
export const imageUrlFor = (picture: string) => (/^(https?:|data:|blob:|\/)/i.test(picture) ? picture : `/images/${picture.replace(/^\/+/, '')}`);
