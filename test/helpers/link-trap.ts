/**
 * What a template's linked pictures point at, to see whether anything fetched them: a local HTTP server that
 * records every request and answers with a green picture, and a red picture on disk for `file:` links. A
 * rendering that shows either colour drew what it should not have fetched.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Jimp } from 'jimp';

export const TRAP_GREEN = 0x00c800ff;
export const TRAP_RED = 0xff0000ff;

export interface LinkTrap {
  /** the address of the served picture */
  pictureUrl: string;
  /** `file:` URL of the red picture */
  fileUrl: string;
  /** every request the server got: `METHOD /path user-agent` */
  requests: string[];
  stop(): Promise<void>;
}

const picture = async (color: number) => Buffer.from(await new Jimp({ width: 64, height: 64, color }).getBuffer('image/png'));

export async function startLinkTrap(): Promise<LinkTrap> {
  const green = await picture(TRAP_GREEN);
  const dir = mkdtempSync(join(tmpdir(), 'assay-link-trap-'));
  const redFile = join(dir, 'red.png');
  writeFileSync(redFile, await picture(TRAP_RED));
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url} ${req.headers['user-agent'] ?? ''}`);
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(green.length) });
    res.end(req.method === 'HEAD' ? undefined : green);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    pictureUrl: `http://127.0.0.1:${port}/linked.png`,
    fileUrl: `file://${redFile}`,
    requests,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** How many pixels of a PNG are the trap's green or red (near enough: scaled pictures blend at their edges). */
export async function trapPixels(png: Uint8Array): Promise<{ green: number; red: number }> {
  const { data } = (await Jimp.read(Buffer.from(png))).bitmap;
  let green = 0;
  let red = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (g > 160 && r < 60 && b < 60) green++;
    if (r > 200 && g < 50 && b < 50) red++;
  }
  return { green, red };
}
