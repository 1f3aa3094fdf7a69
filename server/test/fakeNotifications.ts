/**
 * Fakes of the notification channels on 127.0.0.1: a tiny SMTP catcher (node:net, plain SMTP as nodemailer
 * speaks it, no TLS) that decodes what it receives, a fake Telegram Bot API answering sendMessage and a fake
 * SMS gateway for the `http` SMS adapter.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { startFakeHttp } from './fakeHttp';

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

export interface SmtpCatcher {
  url: string;
  mails: CaughtMail[];
  /** While set, every message is refused with this 5xx text (the sender must retry later). */
  refuse: string | null;
  close(): Promise<void>;
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=), as nodemailer writes non-ASCII subjects. */
function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g, (_m, _cs: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
}

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

export function parseMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map(head.split('\r\n').map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { subject: decodeWords(headers.get('subject') ?? ''), text: decodeBody(raw.slice(split + 4), headers.get('content-transfer-encoding') ?? '').replace(/\r\n/g, '\n').trim() };
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const sockets = new Set<net.Socket>();
  const catcher: SmtpCatcher = {
    url: '',
    mails: [],
    refuse: null,
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let from = '';
    let to: string[] = [];
    const say = (line: string) => socket.write(`${line}\r\n`);
    say('220 fake-smtp ready');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const raw = Buffer.from(buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.'), 'latin1').toString('latin1');
          buffer = buffer.slice(end + 5);
          inData = false;
          if (catcher.refuse) say(`554 ${catcher.refuse}`);
          else {
            catcher.mails.push({ from, to, ...parseMail(raw), raw });
            say('250 OK queued');
          }
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') say('250-fake-smtp\r\n250 8BITMIME');
        else if (cmd === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          to = [];
          say('250 OK');
        } else if (cmd === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          say('250 OK');
        } else if (cmd === 'DATA') {
          inData = true;
          say('354 go ahead');
        } else if (cmd === 'QUIT') {
          say('221 bye');
          socket.end();
        } else if (cmd === 'RSET' || cmd === 'NOOP') say('250 OK');
        else say('502 not implemented');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  catcher.url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return catcher;
}

export interface FakeTelegram {
  url: string;
  messages: { token: string; chat_id: string; text: string }[];
  /** While set, sendMessage answers 500 with this description. */
  failing: string | null;
  close(): Promise<void>;
}

/** The Bot API's POST /bot<token>/sendMessage with a JSON body, answering {ok, result}. */
export async function startFakeTelegram(): Promise<FakeTelegram> {
  const fake: FakeTelegram = { url: '', messages: [], failing: null, close: () => service.close() };
  const service = await startFakeHttp((req, raw, res) => {
    const send = (status: number, body: unknown) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    const m = /^\/bot([^/]+)\/sendMessage$/.exec(req.url ?? '');
    if (!m || req.method !== 'POST') return send(404, { ok: false, error_code: 404, description: 'Not Found' });
    if (fake.failing) return send(500, { ok: false, error_code: 500, description: fake.failing });
    const body = JSON.parse(raw || '{}') as { chat_id?: string; text?: string };
    if (!body.chat_id || !body.text) return send(400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
    fake.messages.push({ token: decodeURIComponent(m[1]), chat_id: String(body.chat_id), text: body.text });
    send(200, { ok: true, result: { message_id: fake.messages.length, chat: { id: body.chat_id }, text: body.text } });
  });
  fake.url = service.url;
  return fake;
}

/**
 * The SMTP catcher and the fake Telegram Bot API, and the config that sends a test server's notifications to
 * them: mail from shop@example.com, the outbox polled every 50 ms.
 */
export async function startNotificationFakes() {
  const smtp = await startSmtpCatcher();
  try {
    const telegram = await startFakeTelegram();
    return { smtp, telegram, config: { smtpUrl: smtp.url, mailFrom: 'shop@example.com', telegramApiUrl: telegram.url, notifyIntervalMs: 50 } };
  } catch (e) {
    await smtp.close();
    throw e;
  }
}

export interface FakeSmsGateway {
  /** Where the `http` SMS adapter posts (config smsUrl / SMS_URL). */
  url: string;
  received: { phoneNumber: string; text: string; type: string | undefined }[];
  /** While set, the gateway answers 503. */
  failing: boolean;
  close(): Promise<void>;
}

/** An SMS gateway taking the `http` adapter's form post (phoneNumber, text). */
export async function startFakeSmsGateway(): Promise<FakeSmsGateway> {
  const fake: FakeSmsGateway = { url: '', received: [], failing: false, close: () => service.close() };
  const service = await startFakeHttp((req, raw, res) => {
    const form = new URLSearchParams(raw);
    fake.received.push({ phoneNumber: form.get('phoneNumber') ?? '', text: form.get('text') ?? '', type: req.headers['content-type'] });
    res.writeHead(fake.failing ? 503 : 200).end('ok');
  });
  fake.url = `${service.url}/send`;
  return fake;
}
