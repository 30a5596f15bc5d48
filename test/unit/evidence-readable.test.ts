import { describe, expect, it } from 'vitest';
import { extractReadable, htmlDepth, stripTags } from '../../functions/domain/evidence/readable';

const paragraph = (n: number) =>
  `Paragraph ${n}: the retail group reported steady revenue growth, better margins and lower customer churn across its stores, ` +
  `while investing in staff training and warehouse automation to keep service levels high during the busy season.`;

describe('extractReadable', () => {
  it('keeps the article and drops navigation, asides, footers and scripts', () => {
    // Prepare
    const html = `<html><head><title>Quarterly update — Example Retail Blog</title><style>p{color:red}</style></head><body>
      <header><a href="/">Home</a><a href="/shop">Shop</a></header>
      <main><article><h2>What changed this quarter</h2>${[1, 2, 3, 4].map((n) => `<p>${paragraph(n)}</p>`).join('')}
      <ul><li>Revenue up 12%</li><li>Churn down to 4%</li></ul></article></main>
      <aside class="sidebar">Related: ten tips for shoppers</aside>
      <footer>Contact us · Privacy</footer><script>track()</script></body></html>`;
    // Act
    const { title, text } = extractReadable(html, 'https://blog.example/q3');
    // Assess
    expect(title).toBe('Quarterly update — Example Retail Blog');
    const paragraphs = text.split('\n\n');
    expect(paragraphs).toContain(paragraph(1));
    expect(paragraphs).toContain('Revenue up 12%');
    expect(text).not.toMatch(/Home|Shop|Privacy|track\(\)|color:red/);
  });

  it('falls back to the whole body text when Readability finds no article', () => {
    const html = '<html><head><title>Short</title><script>x()</script></head><body><div>Opening hours</div><p>Mon–Fri 9 to 5.</p></body></html>';
    expect(extractReadable(html, 'https://shop.example/hours')).toEqual({ title: 'Short', text: 'Opening hours\n\nMon–Fri 9 to 5.' });
  });

  it('uses the host name when the page has no title, and copes with empty or broken markup', () => {
    expect(extractReadable('<p>Just text', 'https://notes.example/a')).toEqual({ title: 'notes.example', text: 'Just text' });
    expect(extractReadable('', 'https://empty.example/')).toEqual({ title: 'empty.example', text: '' });
  });
});

describe('hostile markup', () => {
  it('a page nested 100,000 elements deep gives its text quickly, without overflowing the stack', () => {
    // Prepare
    const html = `<html><head><title>Deep</title></head><body>${'<div>'.repeat(100_000)}Deep text for the reader.${'</div>'.repeat(100_000)}</body></html>`;
    // Act
    const started = performance.now();
    const page = extractReadable(html, 'https://example.com/deep');
    // Assess
    expect(performance.now() - started).toBeLessThan(2000);
    expect(page).toEqual({ title: 'Deep', text: 'Deep text for the reader.' });
  });

  it('1,000 levels (which took Readability 7 s) skip Readability and stay fast', () => {
    const html = `<body>${'<section>'.repeat(1000)}<p>Margins improved.</p>${'</section>'.repeat(1000)}</body>`;
    const started = performance.now();
    expect(extractReadable(html, 'https://example.com/a').text).toBe('Margins improved.');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('measures depth linearly, ignoring void elements, comments and self-closing tags', () => {
    expect(htmlDepth('<div><p>a<br>b<img src=x><span/></p></div><!-- <div><div> -->')).toBe(2);
    expect(htmlDepth('<div>'.repeat(300_000))).toBe(300_000);
  });

  it('strips tags without a DOM: blocks become paragraphs, scripts vanish, entities decode', () => {
    expect(stripTags('<h1>Title</h1><p>One &amp; two</p><script>alert(1)</script><p>Three&nbsp;four</p>')).toBe('Title\n\nOne & two\n\nThree four');
  });
});
