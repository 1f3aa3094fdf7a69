/** A fake HTTP service on 127.0.0.1 for the server under test to call (an acquirer, a bot API, an SMS gateway). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeHttp {
  url: string;
  close(): Promise<void>;
}

/** Listens on a free port; `handle` gets each request once its whole body (UTF-8) has arrived. */
export async function startFakeHttp(handle: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void): Promise<FakeHttp> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, Buffer.concat(chunks).toString('utf8'), res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    // A browser or a keep-alive client holds its connection open: close those too, or close() waits for them.
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
