// A client in a thread of its own (its own event loop, so its work does not slow the server under test):
// sends `count` requests of one body to `path` and posts back the statuses it got.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, host, path, body, contentType, count } = workerData;
const data = Buffer.from(body);
const statuses = {};
const one = () =>
  new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path, headers: { host, 'content-type': contentType, 'content-length': String(data.length) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(-1));
    req.end(data);
  });
for (let i = 0; i < count; i++) {
  const s = await one();
  statuses[s] = (statuses[s] ?? 0) + 1;
}
parentPort.postMessage(statuses);
