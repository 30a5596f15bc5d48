import { describe, expect, it } from 'vitest';
import { detectConflicts } from '../../functions/domain/ai/analyst/detect-conflicts';
import { extractInProcess } from '../../functions/domain/evidence/extract/run';
import { DATA_ROOM_FIXTURES, extractedData } from '../helpers/data-room-fixtures';

async function accounts() {
  const fx = DATA_ROOM_FIXTURES.find((f) => f.file === 'FY2024 management accounts.xlsx')!;
  const x = await extractInProcess(await fx.build(), 'xlsx', 2_000_000);
  return { id: 'a2000000-0000-4000-8000-000000000001', title: fx.file, type: 'file' as const, text: x.text, facts: extractedData(x, fx.file).kpis };
}
const interview = (text: string) => ({ id: 'a2000000-0000-4000-8000-000000000002', title: 'Interview: Fiona Marsh, CFO', type: 'interview' as const, text });

describe('narrative against data', () => {
  it('finds a figure the interview gives for a measure and period that the workbook gives differently, with both sides', async () => {
    // Prepare
    const sources = [await accounts(), interview('FM said trading was tough. Gross margin fell to 36.5% in FY2024, from 41% in FY2022.')];
    // Act
    const found = await detectConflicts(sources, 'Harbour & Pine');
    // Assess: FY2024 disagrees (35.1% in the accounts); FY2022's 41% agrees with the accounts' 41.0%
    expect(found.map((c) => [c.measure, c.period, c.sides.map((s) => [s.figure, s.range ?? null])])).toEqual([
      ['Gross margin', 'FY2024', [['36.5%', null], ['35.1%', 'P&L!E9']]],
    ]);
    expect(found[0]!.sides[1]!.quote).toBe('Gross margin was 35.1% in FY2024.');
  });

  it('takes a figure as the workbook rounds it, and a figure without a period as the latest', async () => {
    // Prepare: £182m is £182.4m rounded; 78 days is the latest inventory days; 81 days (at year end) is not
    const agree = [await accounts(), interview('Revenue was £182m in FY2024. Inventory days were 78 days at year end.')];
    const disagree = [await accounts(), interview('Inventory days rose to 81 days at year end.')];
    // Act
    const [none, some] = await Promise.all([detectConflicts(agree, 'Harbour & Pine'), detectConflicts(disagree, 'Harbour & Pine')]);
    // Assess
    expect(none).toEqual([]);
    expect(some.map((c) => [c.measure, c.period, c.sides.map((s) => s.figure)])).toEqual([['Inventory days', 'FY2024', ['81 days', '78 days']]]);
  });

  it('compares a change a source states with the workbook’s growth over the latest span', async () => {
    const found = await detectConflicts([await accounts(), interview('Freight costs rose 18% year on year.')], 'Harbour & Pine');
    expect(found.map((c) => [c.measure, c.period, c.sides.map((s) => [s.figure, s.range ?? null])])).toEqual([
      ['Freight growth', 'FY2023–FY2024', [['18%', null], ['17.2%', 'P&L!D14:E14']]],
    ]);
  });
});
