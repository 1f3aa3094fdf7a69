import type { FastifyInstance } from 'fastify';

/**
 * The REST resources the features registered (GET /rest/ lists them), in the order they registered. This
 * layer names none: a feature's plugin calls registerRestRoutes with its resources and routes.
 */
export class RestResources {
  readonly names: string[] = [];
}

/**
 * A feature's REST routes under /rest, in ra-data-simple-rest's dialect (rest/common.ts); `resources`
 * are the list resources it adds to GET /rest/ (none for routes that are not a resource of their own).
 */
export async function registerRestRoutes(app: FastifyInstance, resources: readonly string[], routes: (rest: FastifyInstance) => void | Promise<void>) {
  app.restResources.names.push(...resources);
  await app.register(
    async (rest) => {
      addTopLevelErrorMessage(rest);
      await routes(rest);
    },
    { prefix: '/rest' },
  );
}

/**
 * react-admin's fetchJson shows `body.message` of an error answer: the protocol's error body gets the same
 * message at the top level too (the `error` object stays as it is).
 */
export function addTopLevelErrorMessage(rest: FastifyInstance) {
  rest.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{"error"')) return payload;
    try {
      const body = JSON.parse(payload) as { error?: { message?: string }; message?: string };
      if (body.error?.message && body.message === undefined) return JSON.stringify({ ...body, message: body.error.message });
    } catch {
      /* not JSON */
    }
    return payload;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    restResources: RestResources;
  }
}
