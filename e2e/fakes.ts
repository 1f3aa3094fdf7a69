/**
 * Small fake outside services on 127.0.0.1 for the e2e server (no test reaches the internet). The fixture
 * starts them once per worker and passes their URLs to the server through `env`.
 * Sections: the acquirer (payments) and the geocoder (map search); each owner extends its own.
 */
export interface FakeServices {
  /** Environment for server/main.ts (ACQUIRING_URL, GEOCODER_URL, ...). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startFakeServices(): Promise<FakeServices> {
  const closers: (() => Promise<void>)[] = [];
  const env: Record<string, string> = {};
  return {
    env,
    close: async () => {
      await Promise.all(closers.map((c) => c()));
    },
  };
}
