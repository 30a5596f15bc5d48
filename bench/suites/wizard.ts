/**
 * The wizard in Chromium: time from clicking 'Complete Setup' to the Data Intake step being interactive
 * (two API writes, the evidence claim, a progress save and the spec's 1 s auto-advance), and the size of
 * one auto-save request for a typical report (setup, five pieces of evidence, objectives and context).
 */
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH } from '../../infra/local/prerequisites';
import { businessParagraphs } from '../../test/helpers/evidence-fixtures';
import { http, registerAndLogin } from '../../test/helpers/http';
import { spawnLocalStack } from '../../test/helpers/local-stack';
import { kb, median, ms, ROOT, type SuiteResult } from '../lib';

const RUNS = 5;

export async function run(): Promise<SuiteResult> {
  const stack = await spawnLocalStack({ staticDir: resolve(ROOT, 'frontend/dist'), env: { VALIDATE_RESPONSES: 'false' } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const session = await registerAndLogin(stack.urls.gateway, 'bench');
    const page = await browser.newPage();
    await page.goto(`${stack.urls.gateway}/login`);
    await page.getByLabel('Username').fill(session.user.username);
    await page.getByLabel('Password', { exact: true }).fill(session.user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/assay$/);

    const times: number[] = [];
    let lastReport = '';
    for (let i = 0; i < RUNS + 1; i++) {
      await page.evaluate("localStorage.removeItem('assay.wizard.temp')");
      await page.goto(`${stack.urls.gateway}/assay/wizards/setup`);
      await page.getByLabel('Organization name', { exact: true }).fill(`Bench Org ${i}`);
      await page.getByLabel('Report title', { exact: true }).fill(`Bench Report ${i}`);
      await page.getByLabel('Report owner', { exact: true }).fill('Bench');
      const started = Date.now();
      await page.getByRole('button', { name: 'Complete Setup' }).click();
      await page.getByRole('button', { name: /^Complete Data Intake/ }).waitFor({ state: 'visible' });
      if (i > 0) times.push(Date.now() - started); // the first run loads the step's code
      lastReport = new URL(page.url()).searchParams.get('report')!;
    }

    // a typical report: five pieces of evidence, objectives and context written
    for (let e = 0; e < 5; e++) {
      await http(stack.urls.gateway, 'POST', `/api/reports/${lastReport}/evidence/interview`, {
        token: session.token,
        body: { title: `Interview ${e + 1}`, content: businessParagraphs(3, e).join('\n\n') },
      });
    }
    await page.reload();
    await page.getByRole('button', { name: 'Complete Data Intake (5 items)' }).click();
    await page.getByRole('heading', { name: 'Objectives & Scope' }).waitFor();
    await page.getByLabel('Purpose', { exact: true }).fill(businessParagraphs(1, 50)[0]!);
    await page.getByLabel('Methodology', { exact: true }).fill(businessParagraphs(1, 51)[0]!);
    await page.getByRole('button', { name: 'Complete Objectives & Scope' }).click();
    await page.getByRole('heading', { name: 'Business Context' }).waitFor();
    await page.getByRole('button', { name: 'Generate with AI' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Business context generated successfully with AI!' }).waitFor();
    const saved = page.waitForRequest((r) => r.url().endsWith('/api/wizard-progress') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Next' }).click();
    const body = (await saved).postData() ?? '';
    const parsed = JSON.parse(body) as { wizard_data: { 'data-intake'?: { evidence: unknown[] } } };
    const bytes = Buffer.byteLength(body);
    const med = median(times);
    return {
      suite: 'wizard',
      table: [
        { figure: `'Complete Setup' → Data Intake interactive (median of ${RUNS}, includes the spec's 1 s auto-advance)`, value: ms(med) },
        { figure: 'one auto-save request, typical report (5 evidence items, objectives, AI context)', value: kb(bytes), goal: 'bounded: evidence by reference', ok: bytes < 64 * 1024 },
        { figure: 'evidence in that request: references, no text', value: `${parsed.wizard_data['data-intake']?.evidence.length ?? 0} refs; text inline: ${body.includes('textContent') ? 'yes' : 'no'}`, ok: !body.includes('textContent') },
      ],
      data: { completeSetupMs: times, autoSaveBytes: bytes },
    };
  } finally {
    await browser.close();
    await stack.stop();
  }
}
