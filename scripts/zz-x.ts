import { extractInProcess } from '../functions/domain/evidence/extract/run';
import { DATA_ROOM_FIXTURES } from '../test/helpers/data-room-fixtures';
const xs = DATA_ROOM_FIXTURES.filter((f) => f.file.endsWith('.xlsx'));
let fails = 0;
for (let i = 0; i < 15; i++) {
  const out = await Promise.all(xs.flatMap((fx) => [fx, fx]).map(async (fx) => extractInProcess(await fx.build(), 'xlsx', 2_000_000)));
  for (const x of out) if (!x.data) { fails++; console.log('FAIL', x.status, (x as any).reason); }
}
console.log('fails', fails);
