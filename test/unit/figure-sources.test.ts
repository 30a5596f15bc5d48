/** The export's "Sources of figures" appendix: a table of each figure, where it stands, its support and its source. */
import { describe, expect, it } from 'vitest';
import { figureSourcesTexts as f } from '@shared/messages/ledger';
import { figureSourcesSection, type FigureSource } from '../../functions/domain/exports/extras';

const row = (over: Partial<FigureSource>): FigureSource => ({ text: '11%', where: 'Findings & Analysis', excerpt: 'EBITDA margin fell to 11%.', support: 'cited', basis: '“the margin fell to 11%”', waived: false, ...over });

describe('the sources of figures appendix', () => {
  it('is a table of each figure with its support and source; an unsupported one has none, a waived one says so', () => {
    // Act
    const section = figureSourcesSection([row({}), row({ text: '240', support: 'unsupported', basis: '' }), row({ text: '$3m', support: 'unsupported', basis: '', waived: true })], 3);

    // Assess
    expect(section).toMatchObject({ key: 'figures', title: f.heading });
    const lines = section.content.split('\n');
    expect(lines).toContain(`| ${f.figure} | ${f.where} | ${f.support} | ${f.source} |`);
    expect(lines.find((l) => l.startsWith('| 11\\%'))).toContain('| Cited | “the margin fell to 11\\%” |');
    expect(lines.find((l) => l.startsWith('| 240'))).toContain(`| Unsupported | ${f.unsupported} |`);
    expect(lines.find((l) => l.startsWith('| \\$3m'))).toContain(`| Unsupported | ${f.waived.replace(/[()]/g, '\\$&')} |`);
    expect(section.content).not.toContain('more figure');
  });

  it('counts the figures past the ones listed, and says so when there are none', () => {
    expect(figureSourcesSection([row({})], 1201).content).toContain('1\\,200 more figures not listed here\\.');
    expect(figureSourcesSection([], 0).content).toBe(f.none.replace(/\./g, '\\.'));
  });
});
