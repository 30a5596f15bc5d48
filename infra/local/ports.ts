import { createServer } from 'node:net';

/** Asks the OS for a free loopback port (tests use these so parallel runs never collide). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The preferred port when it is free (stable URLs for `npm start`), otherwise any free one. */
export function preferredPort(preferred: number): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => void freePort().then(resolve));
    server.listen(preferred, '127.0.0.1', () => server.close(() => resolve(preferred)));
  });
}

/** Polls until `check` resolves truthy, or fails after `timeoutMs` with the last error. */
export async function waitFor(what: string, check: () => Promise<unknown>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (let delay = 50; Date.now() < deadline; delay = Math.min(delay * 2, 500)) {
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, delay));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000}s${lastError ? `: ${String(lastError)}` : ''}`);
}
