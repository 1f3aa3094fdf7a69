import http from 'node:http';

/** One server-sent event as the browser's parser would give it. */
export interface StreamEvent {
  event: string;
  data: string;
}

export interface EventStreamClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Events so far, and comment lines (heartbeats) counted. */
  events: StreamEvent[];
  comments: number;
  /** The first event (from the start of the stream) that `match` accepts; rejects when the stream ends first. */
  next(match: (e: StreamEvent) => boolean): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens `GET path` as an event stream over real HTTP (node:http, so the Host header picks the store) and
 * parses it as text/event-stream. A refused request resolves too, with its status and no events.
 */
export function openEventStream(port: number, path: string, opts: { token?: string; host?: string } = {}): Promise<EventStreamClient> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: opts.host ?? `127.0.0.1:${port}`, accept: 'text/event-stream' };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path, headers }, (res) => {
      const events: StreamEvent[] = [];
      const waiting: { match: (e: StreamEvent) => boolean; resolve: (e: StreamEvent) => void; reject: (e: Error) => void }[] = [];
      let buffer = '';
      let endedFlag = false;
      let endResolve!: () => void;
      const ended = new Promise<void>((r) => (endResolve = r));
      const client: EventStreamClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments: 0,
        ended,
        next(match) {
          const found = events.find(match);
          if (found) return Promise.resolve(found);
          if (endedFlag) return Promise.reject(new Error(`stream ended without the event; got ${JSON.stringify(events)}`));
          return new Promise((ok, fail) => waiting.push({ match, resolve: ok, reject: fail }));
        },
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) client.comments++;
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (!data.length) continue;
          const e = { event, data: data.join('\n') };
          events.push(e);
          for (const w of [...waiting]) if (w.match(e)) {
            waiting.splice(waiting.indexOf(w), 1);
            w.resolve(e);
          }
        }
      });
      const finish = () => {
        if (endedFlag) return;
        endedFlag = true;
        for (const w of waiting.splice(0)) w.reject(new Error(`stream ended without the event; got ${JSON.stringify(events)}`));
        endResolve();
      };
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
      resolve(client);
    });
    req.on('error', (err) => ((err as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(err)));
    req.end();
  });
}
