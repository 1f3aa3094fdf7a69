import type { Slice } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';

/**
 * A feature that loads with its page rather than with the first screen (the order form, the payment
 * return pages, the item page, the info pages): its state slice and its saga join the running store when
 * the page's chunk arrives. The feature module announces itself (`featureLoaded`), and every store made
 * by createAppStore, before or after, takes it in once.
 */
export interface LazyFeature {
  slice: Slice;
  saga?: Saga;
}

type Host = (feature: LazyFeature) => void;
const loaded = new Set<LazyFeature>();
const hosts = new Set<Host>();

export function featureLoaded(feature: LazyFeature): void {
  if (loaded.has(feature)) return;
  loaded.add(feature);
  for (const host of hosts) host(feature);
}

/** A store takes in the features loaded so far and every later one. */
export function hostFeatures(host: Host): () => void {
  hosts.add(host);
  for (const feature of loaded) host(feature);
  return () => void hosts.delete(host);
}
