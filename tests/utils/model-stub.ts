/**
 * A stand-in for an OpenAI-compatible chat-completions endpoint, for ai-chat's model path in the integration
 * tests (issue 29). The app backend's functions get its address as their AI_CHAT_MODEL_URL secret (global-setup.ts).
 * By default it fails (503), as a model that is down: every ai-chat call then exercises the fallback to the built-in
 * answer. A test scripts the next answers with POST /__script {responses: [...]} and reads what the function sent
 * with GET /__requests (which also clears them).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModelStub {
  url: string;
  close(): Promise<void>;
}

export async function startModelStub(): Promise<ModelStub> {
  let script: unknown[] = [];
  let requests: unknown[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += String(chunk)));
    req.on('end', () => {
      const json = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      if (req.method === 'POST' && req.url === '/__script') {
        script = (JSON.parse(raw) as { responses: unknown[] }).responses;
        return json(200, { scripted: script.length });
      }
      if (req.method === 'GET' && req.url === '/__requests') {
        const seen = requests;
        requests = [];
        return json(200, seen);
      }
      if (req.method === 'POST' && req.url === '/v1/chat/completions') {
        requests.push({ authorization: req.headers.authorization, body: JSON.parse(raw) as unknown });
        const next = script.shift();
        if (next === undefined) return json(503, { error: { message: 'stub: o modelo está fora do ar' } });
        return json(200, { choices: [{ message: next }] });
      }
      return json(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
