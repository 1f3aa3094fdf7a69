import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';

/**
 * Caps on request bodies, applied before a body is parsed, on every route. A form of 200,000 fields
 * (1.8 MB, under the byte limit) cost its route 0.5-1.5 s of the event loop to parse and walk; 8 of them
 * held every shop's requests for 11 s. The largest form the apps send is a few hundred fields (the shop's
 * settings with 46 colours, a cart of many lines).
 */
export const MAX_FORM_FIELDS = 1000;
/** urlencoded and JSON bodies (Fastify's bodyLimit). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** A multipart call's whole body: ten 10 MB pictures or a 50 MB video with its fields. */
export const MAX_MULTIPART_BYTES = 120 * 1024 * 1024;
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** busboy's limits for every multipart read (a route's own, smaller ones are merged over them). */
export const MULTIPART_LIMITS = { fields: MAX_FORM_FIELDS, parts: MAX_FORM_FIELDS + 20, files: 20, fileSize: MAX_FILE_BYTES, fieldSize: 1024 * 1024 };

const tooManyFields = () => new ApiError(413, 'too_many_fields', { max: MAX_FORM_FIELDS });
const tooLarge = () => new ApiError(413, 'too_large');

/** The protocol's 413 for a limit error of @fastify/multipart or Fastify's body limit, else null. */
export function bodyLimitError(e: unknown): ApiError | null {
  if (e instanceof ApiError) return e.status === 413 ? e : null;
  const code = (e as { code?: string } | null)?.code;
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return tooManyFields();
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE' || code === 'FST_FILES_LIMIT') return tooLarge();
  return null;
}

const isMultipart = (request: FastifyRequest) => /^multipart\//i.test(String(request.headers['content-type'] ?? ''));
const isForm = (request: FastifyRequest) => /^application\/x-www-form-urlencoded/i.test(String(request.headers['content-type'] ?? ''));

/** Passes a urlencoded body on while counting its fields ('&'); one too many fails the read at once. */
function countingFields(payload: Readable, onRefused: () => void): Transform {
  let fields = 1;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      for (let i = chunk.indexOf(0x26); i !== -1; i = chunk.indexOf(0x26, i + 1)) {
        if (++fields > MAX_FORM_FIELDS) {
          onRefused();
          return done(tooManyFields());
        }
      }
      done(null, chunk);
    },
  });
  payload.on('error', (e) => counter.destroy(e));
  return payload.pipe(counter);
}

/**
 * The hooks: a body declared larger than its route takes is a 413 before a byte of it is read; a urlencoded
 * body's fields are counted as it arrives; multipart parts are capped by busboy (MULTIPART_LIMITS). A
 * multipart body goes only to the routes that read one (`multipart`: path prefix → largest body; the
 * others would never parse it: 415), and must declare its length (busboy reads from the socket, past any
 * stream a hook could put in between, so its size is checked from the header).
 */
export function registerBodyLimits(app: FastifyInstance, opts: { multipart: Record<string, number> }) {
  const routes = Object.entries(opts.multipart);
  // A refused body is not read to its end: the connection closes after the answer.
  const refuse = (reply: FastifyReply, error: ApiError) => {
    reply.header('connection', 'close');
    return error;
  };
  app.addHook('onRequest', async (request, reply) => {
    const declared = request.headers['content-length'];
    if (isMultipart(request)) {
      const path = request.url.split('?')[0];
      const cap = routes.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`))?.[1];
      if (cap === undefined) throw refuse(reply, new ApiError(415, 'unsupported_media_type'));
      if (declared === undefined) throw refuse(reply, new ApiError(411, 'length_required'));
      if (Number(declared) > cap) throw refuse(reply, tooLarge());
    } else if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) throw refuse(reply, tooLarge());
  });
  app.addHook('preParsing', async (request, reply, payload) => (isForm(request) ? countingFields(payload, () => reply.header('connection', 'close')) : payload));
}
