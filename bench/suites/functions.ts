/**
 * Every Lambda bundle: size (minified, gzipped) and cold import time — a fresh `node` process
 * importing the bundle, timed inside the process around the import, median of 10.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { routeList } from '@shared/api/routes';
import { buildFunctions, FUNCTIONS_OUT } from '../../scripts/build-functions';
import { coldImportMs, kb, median, ms, type SuiteResult } from '../lib';

const MAX_IMPORT_MS = 150;
const RUNS = 10;



export async function run(): Promise<SuiteResult> {
  await buildFunctions({ quiet: true });
  const rows = routeList.map((route) => {
    const budget = (route.bundleBudgetKb ?? 300) * 1024;
    const file = resolve(FUNCTIONS_OUT, route.id, 'index.mjs');
    const bytes = readFileSync(file);
    const times = Array.from({ length: RUNS }, () => coldImportMs(file));
    return { id: route.id, budget, minified: bytes.length, gzipped: gzipSync(bytes).length, coldImportMedianMs: median(times), coldImportRunsMs: times };
  });
  const largest = rows.reduce((a, b) => (b.minified > a.minified ? b : a));
  const slowest = rows.reduce((a, b) => (b.coldImportMedianMs > a.coldImportMedianMs ? b : a));
  return {
    suite: 'functions',
    table: [
      ...rows.map((r) => ({
        figure: `${r.id}: minified / gzipped / cold import (median of ${RUNS})`,
        value: `${kb(r.minified)} / ${kb(r.gzipped)} / ${ms(r.coldImportMedianMs)}`,
        goal: `≤ ${r.budget / 1024} KB, ≤ 150 ms`,
        ok: r.minified <= r.budget && r.coldImportMedianMs <= MAX_IMPORT_MS,
      })),
      { figure: 'largest bundle', value: `${largest.id}: ${kb(largest.minified)}`, goal: `≤ ${largest.budget / 1024} KB`, ok: largest.minified <= largest.budget },
      { figure: 'slowest cold import', value: `${slowest.id}: ${ms(slowest.coldImportMedianMs)}`, goal: '≤ 150 ms', ok: slowest.coldImportMedianMs <= MAX_IMPORT_MS },
    ],
    data: rows,
  };
}
