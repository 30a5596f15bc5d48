/**
 * A large drafting load, built deterministically: `items` evidence documents of `pages` pages each (3,000
 * characters a page), made of the gold cases' paragraphs in a seeded order, interleaved with generated
 * assessment prose (test/helpers/evidence-fixtures.ts). Used to time each drafting step, never to judge it.
 */
import type { GoldCase } from '../../bench/eval/drafts';
import type { LoadedCase } from './eval-harness';
import { businessParagraphs, seeded } from './evidence-fixtures';

export const PAGE_CHARS = 3_000;

export function largeLoadCase(cases: readonly LoadedCase[], opts: { items: number; pages: number }): { case: LoadedCase; items: number; pages: number; chars: number } {
  const rnd = seeded(21);
  const paragraphs = cases.flatMap((c) => [...c.texts.values()].flatMap((t) => t.split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p.length > 80)));
  const filler = businessParagraphs(Math.ceil((opts.items * opts.pages * PAGE_CHARS) / 450), 21);
  let next = 0;
  const base = cases[0]!.gold;
  const evidence: GoldCase['evidence'] = [];
  const texts = new Map<string, string>();
  let chars = 0;
  for (let i = 0; i < opts.items; i++) {
    const id = `d4000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;
    const parts: string[] = [`Document ${i + 1}: assessment material`];
    let length = parts[0]!.length;
    while (length < opts.pages * PAGE_CHARS) {
      // four paragraphs in five are generated and not repeated; one in five is a gold paragraph
      const p = rnd() < 0.2 ? paragraphs[Math.floor(rnd() * paragraphs.length)]! : filler[next++ % filler.length]!;
      parts.push(p);
      length += p.length + 2;
    }
    const text = parts.join('\n\n');
    chars += text.length;
    evidence.push({ id, title: `Document ${i + 1}`, type: i % 4 === 0 ? 'interview' : 'file', file: `${id}.txt` });
    texts.set(id, text);
  }
  return { case: { gold: { ...base, id: 'load', evidence }, texts }, items: opts.items, pages: opts.pages, chars };
}
