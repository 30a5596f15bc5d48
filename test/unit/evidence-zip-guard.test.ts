import { describe, expect, it } from 'vitest';
import { checkZipArchive, ZIP_LIMITS } from '../../functions/domain/evidence/zip-guard';
import { docxBytes, xlsxBytes, zipBytes } from '../helpers/evidence-fixtures';

const MB = 1024 * 1024;

describe('zip-bomb guard', () => {
  it('lets ordinary Word and Excel documents through', async () => {
    // Prepare
    const docx = await docxBytes(['Revenue grew 12%.', 'Churn fell.']);
    const xlsx = await xlsxBytes([{ name: 'Sales', rows: [['Region', 'Revenue'], ['North', 1200]] }]);
    // Act / Assess
    expect(await checkZipArchive(docx)).toEqual({ ok: true });
    expect(await checkZipArchive(xlsx)).toEqual({ ok: true });
  });

  it('refuses one highly compressed 150 MB entry of zeros', async () => {
    // Prepare: 150 MB of zeros deflate to ~150 KB, a ratio near 1000
    const bomb = await zipBytes([
      { name: 'word/document.xml', data: new Uint8Array(150 * MB) },
      { name: '[Content_Types].xml', data: '<Types/>' },
    ], 1);
    expect(bomb.length).toBeLessThan(2 * MB);
    // Act
    const verdict = await checkZipArchive(bomb);
    // Assess
    expect(verdict.ok).toBe(false);
    expect(verdict).toMatchObject({ reason: expect.stringMatching(/^The document looks like a zip bomb: one part expands \d+ times to 150 MB$/) });
  }, 60_000);

  it('refuses archives that would expand past 200 MB in total, even in modest parts', async () => {
    // Prepare: 23 parts of 9 MB each (under the 10 MB ratio threshold), 207 MB in all
    const part = new Uint8Array(9 * MB);
    const archive = await zipBytes(Array.from({ length: 23 }, (_, i) => ({ name: `xl/media/part${i}.bin`, data: part })), 1);
    // Act / Assess
    expect(await checkZipArchive(archive)).toEqual({ ok: false, reason: 'The document would expand to more than 200 MB, so it was not opened' });
  }, 60_000);

  it('refuses more than 2,000 entries', async () => {
    const many = await zipBytes(Array.from({ length: ZIP_LIMITS.maxEntries + 1 }, (_, i) => ({ name: `p/${i}.xml`, data: 'x' })));
    expect(await checkZipArchive(many)).toEqual({ ok: false, reason: 'The document has 2001 parts, more than the 2000 allowed' });
  });

  it('refuses entries with parent-directory or absolute paths', async () => {
    const traversal = await zipBytes([{ name: '../../etc/cron.d/evil', data: 'x' }]);
    const absolute = await zipBytes([{ name: '/etc/passwd', data: 'x' }]);
    expect(await checkZipArchive(traversal)).toEqual({
      ok: false,
      reason: 'The document contains an entry with an unsafe path (../../etc/cron.d/evil), so it was not opened',
    });
    expect(await checkZipArchive(absolute)).toEqual({
      ok: false,
      reason: 'The document contains an entry with an unsafe path (/etc/passwd), so it was not opened',
    });
  });

  it('refuses bytes that are not a ZIP archive', async () => {
    const verdict = await checkZipArchive(new TextEncoder().encode('not a zip at all'));
    expect(verdict).toMatchObject({ ok: false, reason: expect.stringMatching(/^The document is not a readable ZIP archive/) });
  });
});
