// Loaded with `deno run --preload` before the function's code: gives plain Deno the
// globals Supabase's edge-runtime provides, and makes sure a handler that throws
// answers like edge-runtime does instead of Deno's default plain-text 500.
/* global Deno, console, Response */

const workerError = () =>
  new Response(
    JSON.stringify({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }),
    { status: 500, headers: { 'content-type': 'application/json' } },
  );

const wrapHandler = (handler) =>
  async function wrappedHandler(request, info) {
    try {
      return await handler(request, info);
    } catch (error) {
      console.error(error);
      return workerError();
    }
  };

const originalServe = Deno.serve.bind(Deno);
Object.defineProperty(Deno, 'serve', {
  configurable: true,
  writable: true,
  value: (...args) => {
    globalThis.__localSupabaseServed = true;
    // Deno.serve(handler) | Deno.serve(options, handler) | Deno.serve({ ...options, handler })
    if (typeof args[0] === 'function') {
      args[0] = wrapHandler(args[0]);
    } else if (typeof args[1] === 'function') {
      args[1] = wrapHandler(args[1]);
    } else if (args[0] && typeof args[0] === 'object' && typeof args[0].handler === 'function') {
      args[0] = { ...args[0], handler: wrapHandler(args[0].handler) };
    }
    // The router already logs the worker; skip Deno's "Listening on" banner.
    if (args[0] && typeof args[0] === 'object') {
      args[0] = { ...args[0], onListen: args[0].onListen ?? (() => {}) };
    } else {
      args.unshift({ onListen: () => {} });
    }
    return originalServe(...args);
  },
});

const pending = new Set();
globalThis.EdgeRuntime = {
  waitUntil(promise) {
    const p = Promise.resolve(promise).catch((error) => console.error(error));
    pending.add(p);
    p.finally(() => pending.delete(p));
    return p;
  },
  getRuntimeMetrics() {
    return Promise.resolve({ mem_check_captured: {}, active_workers: 1 });
  },
  applySupabaseTag() {},
  userWorkers: undefined,
};

globalThis.Supabase = globalThis.Supabase ?? {
  ai: {
    Session: class {
      constructor() {
        throw new Error('Supabase.ai is not available in the local backend');
      }
    },
  },
};
