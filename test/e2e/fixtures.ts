import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import JSZip from 'jszip';
import { test as base, expect, type Page } from '@playwright/test';
import type { StackInfo } from '../helpers/local-stack';
import { http, registerAndLogin, registerConfirmed, uniqueUser } from '../helpers/http';

/**
 * This worker's local stack: the global setup starts one per worker (own gateway, table, bucket and user
 * pool), so tests in parallel workers never see each other's data, the dashboards' firm-wide totals included.
 */
export const stack = (): StackInfo => {
  const stacks = JSON.parse(process.env.ASSAY_STACKS ?? 'null') as StackInfo[] | null;
  if (!stacks?.length) return JSON.parse(process.env.ASSAY_STACK ?? 'null') as StackInfo;
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? '0');
  return stacks[index % stacks.length]!;
};

export const test = base.extend<{ stackInfo: StackInfo }>({
  stackInfo: async ({}, use) => use(stack()),
  baseURL: async ({}, use) => use(stack().urls.gateway),
});
export { expect };

/** Registers a user through the API (for tests about something else than registering). */
export async function apiUser(prefix = 'e2e') {
  return registerConfirmed(stack().urls.gateway, uniqueUser(prefix));
}

/** A toast with exactly this text (sonner renders toasts as list items). */
export const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

export async function signIn(page: Page, user: { username: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/assay$/);
}

/** A signed-up user with an API token, for preparing data through the API. */
export async function apiSession(prefix = 'e2e', base = stack().urls.gateway) {
  const session = await registerAndLogin(base, prefix);
  const call = async <T = any>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await http<T>(base, method, path, { token: session.token, body });
    if (res.status >= 300) throw new Error(`${method} ${path} failed: ${res.status} ${res.text}`);
    return res.body;
  };
  return {
    ...session,
    call,
    createOrganization: async (name: string, extra: Record<string, unknown> = {}) =>
      (await call<{ id: string }>('POST', '/api/organizations', { name, ...extra })).id,
    createReport: async (organization_id: string, title: string, owner = 'Jane Smith') =>
      (await call<{ id: string }>('POST', '/api/reports', { title, organization_id, owner })).id,
  };
}

type ApiSession = Awaited<ReturnType<typeof apiSession>>;

/** One dimension's score in step 5's data. */
export const scoredDimension = (dimension: string, score: number) => ({ dimension, score, computed_score: null, basis: [], out_of_scope: false, note: '' });

/** Saves step 5 (findings) of a report through the API. */
export const saveFindingsStep = (api: ApiSession, reportId: string, findings: unknown) =>
  api.call('POST', '/api/wizard-progress', { report_id: reportId, wizard_data: { findings }, completed_steps: [], current_step: 4 });

/**
 * A sector benchmark to compare with: five confidential clients of another lead (benchmarks count clients the reader
 * cannot read, whose lead lets them count), in a geography of their own (`place` plus a random tag), each with one
 * Final retail report (set Final by that lead's override: they have no sections) scoring 50 to 90 on Operational
 * Efficiency: the fewest a benchmark is shown for. Answers the geography, for the client under test.
 */
export async function seedFinalPeers(place: string): Promise<string> {
  const geography = `${place} ${randomUUID().slice(0, 6)}`;
  const peersLead = await apiSession('peers');
  for (const score of [50, 60, 70, 80, 90]) {
    const peer = await peersLead.createOrganization(`Peer ${score} ${randomUUID().slice(0, 6)}`, { sector: 'retail', geography });
    await peersLead.call('PUT', `/api/organizations/${peer}/confidential`, { confidential: true });
    await peersLead.call('PUT', `/api/organizations/${peer}/benchmark-consent`, { allowed: true });
    const id = await peersLead.createReport(peer, `Peer ${score}`);
    await saveFindingsStep(peersLead, id, { dimensions: [scoredDimension('Operational Efficiency', score)], findings: [] });
    await peersLead.call('PUT', `/api/reports/${id}/status?status=Final&override_reason=${encodeURIComponent('Benchmark peer')}`);
  }
  return geography;
}

/** Answers the next browser confirm() after checking its text; returns the text seen. */
export function acceptNextConfirm(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
}

/**
 * axe-core's serious and critical WCAG 2.1 A/AA violations on the page as it is now (an open dialog
 * included), one line each; `[]` when there are none. In a test: `expect(await axeViolations(page), 'what').toEqual([])`.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  for (let attempt = 0; ; attempt++) {
    // finite animations and transitions first come to rest (a toast fading in has, for a moment, too little contrast);
    // endless ones (a skeleton's pulse, a spinner) are not waited on
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const violations = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    // a toast that arrived while axe was reading (an auto-save's) was caught fading in, or one whose time ran out was
    // caught fading out (and may be gone already): read the page again once it has come to rest; a toast that stays
    // wrong at rest still fails on the last attempt
    const targets = violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
    const inToast = await Promise.all(
      targets.map((t) =>
        page
          .evaluate((selector) => {
            const node = document.querySelector(selector);
            return !node || !!node.closest('[data-sonner-toast]');
          }, t)
          .catch(() => false),
      ),
    );
    if (attempt < 2 && inToast.some(Boolean)) continue;
    return violations.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  }
}

/** Clicks the Export page's "Export PowerPoint", waits for the download and opens the deck (a .pptx by its name). */
export async function exportDeck(page: Page): Promise<JSZip> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PowerPoint' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pptx$/);
  return JSZip.loadAsync(readFileSync(await file.path()));
}
