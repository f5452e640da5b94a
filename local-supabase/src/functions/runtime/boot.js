// Entry module of a function worker: imports the function's index.ts and, when it
// uses the `export default { fetch }` style instead of calling Deno.serve itself,
// serves that handler. DENO_SERVE_ADDRESS (set by the router) picks the address.
/* global Deno */

const target = Deno.args[0];
if (!target) throw new Error('boot.js: missing function entry point');
const mod = await import(target);
if (!globalThis.__localSupabaseServed) {
  const entry = mod.default;
  if (entry && typeof entry.fetch === 'function') {
    Deno.serve((request, info) => entry.fetch(request, info));
  } else {
    throw new Error('The function neither called Deno.serve() nor exported default { fetch }');
  }
}

// The router keeps our stdin open: end of input means it is gone (even if it was
// killed without a chance to stop us), so exit instead of lingering as an orphan.
(async () => {
  const buffer = new Uint8Array(64);
  try {
    while ((await Deno.stdin.read(buffer)) !== null) {
      // nothing is ever sent; just wait for end of input
    }
  } catch {
    // stdin closed abruptly: same meaning
  }
  Deno.exit(0);
})();
