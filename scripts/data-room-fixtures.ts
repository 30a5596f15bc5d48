/**
 * Writes the data room's fixture set (test/helpers/data-room-fixtures.ts: the client-like workbooks and CSV files
 * the table detection is measured on, the encrypted and macro workbooks, the new version of the management
 * accounts, and with `--large` the two files of the scale figures) to a folder, to open in Excel or upload by hand:
 *
 *   npx tsx scripts/data-room-fixtures.ts [folder] [--large]      (default folder: test-results/data-room)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DATA_ROOM_FIXTURES, encryptedWorkbook, largeCsv, largeWorkbook, macroWorkbook, managementAccountsV2 } from '../test/helpers/data-room-fixtures';

const args = process.argv.slice(2);
const folder = resolve(args.find((a) => !a.startsWith('--')) ?? 'test-results/data-room');
mkdirSync(folder, { recursive: true });
const files: [string, Uint8Array][] = [];
for (const fx of DATA_ROOM_FIXTURES) files.push([fx.file, await fx.build()]);
files.push(['FY2024 management accounts (v2).xlsx', await managementAccountsV2()]);
files.push(['Encrypted accounts.xlsx', encryptedWorkbook()]);
files.push(['Forecast model.xlsm', await macroWorkbook()]);
if (args.includes('--large')) {
  files.push(['Store sales by SKU (200,000 cells).xlsx', await largeWorkbook()]);
  files.push(['Daily sales (100,000 rows).csv', largeCsv()]);
}
for (const [name, bytes] of files) {
  writeFileSync(join(folder, name), bytes);
  console.log(`${name}\t${bytes.length.toLocaleString('en-US')} bytes`);
}
console.log(`written to ${folder}`);
