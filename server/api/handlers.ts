import type { Handler } from './context';

/**
 * The `api=` names and their handler modules. This layer names none: each feature adds its own from its
 * plugin (server/features/<feature>/index.ts), and a name added twice is a start-up error.
 */
export class ApiHandlers {
  private readonly byName = new Map<string, Handler>();

  add(handlers: Record<string, Handler>): void {
    for (const [name, handler] of Object.entries(handlers)) {
      if (this.byName.has(name)) throw new Error(`api=${name} is registered twice`);
      this.byName.set(name, handler);
    }
  }

  get(name: string): Handler | undefined {
    return this.byName.get(name);
  }

  /** Every registered name, in the order the features added them. */
  names(): string[] {
    return [...this.byName.keys()];
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where a feature's plugin adds its `api=` handlers (decorated by the app before the features load). */
    apiHandlers: ApiHandlers;
  }
}
