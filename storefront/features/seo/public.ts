/** What the seo feature offers the pages: a later page's title (its texts load with it). */
export { useLaterPageTitle } from './laterPageTitle';
