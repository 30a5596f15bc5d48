import { describe, expect, it } from 'vitest';
import { checkInflatedSize, checkZipArchive, ZIP_LIMITS } from '../../functions/domain/evidence/zip-guard';
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

describe('what an archive really inflates to', () => {
  /** Rewrites every entry's declared uncompressed size (local header and central directory) to `size`. */
  function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
    const out = Buffer.from(zip);
    for (let i = 0; i + 4 <= out.length; i++) {
      const sig = out.readUInt32LE(i);
      if (sig === 0x04034b50) out.writeUInt32LE(size, i + 22); // local file header
      else if (sig === 0x02014b50) out.writeUInt32LE(size, i + 24); // central directory header
    }
    return new Uint8Array(out);
  }

  it('refuses an archive whose entries declare 1 KB but inflate to 250 MB', async () => {
    // Prepare
    const honest = await zipBytes([{ name: 'word/document.xml', data: new Uint8Array(250 * MB) }], 9);
    const liar = lieAboutSizes(honest, 1024);
    // Act
    const declared = await checkZipArchive(liar);
    const inflated = await checkInflatedSize(liar);
    // Assess: the directory alone passes; counting what comes out does not
    expect(declared).toEqual({ ok: true });
    expect(inflated.ok).toBe(false);
  }, 60_000);

  it('passes a real document and counts within the limit', async () => {
    expect(await checkInflatedSize(await docxBytes(['A short memo.']))).toEqual({ ok: true });
  });
});
