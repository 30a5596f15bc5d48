/**
 * The SPA's boot script (frontend/boot-plugin.ts) is configured in frontend/vite.config.ts, which cannot load the
 * route table or the text table through the @shared alias: what it names by hand must stay what those tables say.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authRoutes } from '@shared/api/routes/auth';
import { messages } from '@shared/messages';
import { authTexts } from '@shared/messages/auth';
import { shellDashboard } from '@shared/messages/shell';

const config = readFileSync(resolve(__dirname, '../../frontend/vite.config.ts'), 'utf8');

describe('SPA boot script configuration', () => {
  it("sends the session check to the route table's verify route", () => {
    expect(authRoutes.verify.method).toBe('GET');
    expect(config).toContain(`verifyPath: '${authRoutes.verify.path}'`);
  });

  it('draws the sign-in first paint from the sign-in texts, which stay part of the text table', () => {
    expect(config).toContain('title: authTexts.title, subtitle: authTexts.subtitle');
    expect(messages.auth).toBe(authTexts);
    expect([authTexts.title, authTexts.subtitle]).toEqual(['Business Analysis', 'Sign in to access your executive reports']);
  });

  it("draws the dashboard's first paint from the dashboard's heading, which stays part of the text table", () => {
    expect(config).toContain('heading: shellDashboard.heading');
    expect(messages.dashboard.heading).toBe(shellDashboard.heading);
    expect(shellDashboard.heading).toBe('Executive Business Analysis Reports');
  });
});
