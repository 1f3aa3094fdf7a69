import net from 'node:net';

/** A TCP port free on 127.0.0.1 right now, for the tools and tests that start the server as a process. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
