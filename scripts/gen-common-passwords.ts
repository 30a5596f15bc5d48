/**
 * Generates functions/domain/auth/common-passwords.txt.gz from @zxcvbn-ts/language-common's ranked
 * password list: the 10,000 most common passwords that our length rule (>= 8) would otherwise let
 * through (ASVS 5.0 asks for at least the top 3,000).
 * It is a data file next to the code (read on the first password check, not at cold start); the build
 * copies it beside each function bundle that checks passwords. A unit test keeps it equal to this generator.
 *   npx tsx scripts/gen-common-passwords.ts
 */
import { gzipSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORD_COUNT = 10_000;
export const MIN_LENGTH = 8;

export function commonPasswordList(): string[] {
  const ranked = (dictionary as Record<string, string[]>)['passwords-common'] ?? [];
  const seen = new Set<string>();
  for (const pw of ranked) {
    const lower = pw.toLowerCase();
    if ([...lower].length >= MIN_LENGTH) seen.add(lower);
    if (seen.size >= COMMON_PASSWORD_COUNT) break;
  }
  return [...seen];
}

export const DATA_FILE = new URL('../functions/domain/auth/common-passwords.txt.gz', import.meta.url);

/** Newline-separated, lower-cased, gzipped. */
export function renderData(list: string[]): Buffer {
  return gzipSync(Buffer.from(list.join('\n'), 'utf8'), { level: 9 });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(DATA_FILE, renderData(commonPasswordList()));
  console.log('wrote functions/domain/auth/common-passwords.txt.gz');
}
