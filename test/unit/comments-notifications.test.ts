/** Comments and notifications, pure parts: re-finding a quoted range, mentions, digest grouping, email words, links. */
import { describe, expect, it } from 'vitest';
import { locateQuote, quoteOf } from '@shared/domain/comment-anchor';
import { mentionQueryAt, parseMentions } from '@shared/domain/mentions';
import { notificationPath } from '@shared/domain/notification-link';
import { digestEmail, groupForDigest, notificationEmail } from '../../functions/domain/notifications/email';
import { madeAt, recipientsOf } from '../../functions/domain/notifications/rules';
import { assembleThreads, openCounts, participantsOf } from '../../functions/domain/comments/threads';
import { uuidv7 } from '../../functions/lib/uuidv7';

const TEXT = 'Revenue grew 12% in 2025. The company has a strong brand in Europe and a weak one in Asia. Margins fell.';

describe('locateQuote: a commented range keeps its place when the text changes', () => {
  const from = TEXT.indexOf('strong brand in Europe');
  const quote = quoteOf(TEXT, from, from + 'strong brand in Europe'.length);

  it('finds it unchanged', () => {
    expect(locateQuote(TEXT, quote)).toEqual({ from, to: from + 22, text: 'strong brand in Europe', exact: true });
  });

  it('follows it when text is inserted before it', () => {
    const edited = `Summary: this paragraph was added later. ${TEXT}`;
    const found = locateQuote(edited, quote)!;
    expect(edited.slice(found.from, found.to)).toBe('strong brand in Europe');
    expect(found.exact).toBe(true);
  });

  it('picks the repeat whose context matches', () => {
    const twice = 'A strong brand in Europe helps. The company has a strong brand in Europe and a weak one in Asia.';
    const q = quoteOf(TEXT, from, from + 22);
    const found = locateQuote(twice, q)!;
    expect(found.from).toBe(twice.lastIndexOf('strong brand in Europe'));
  });

  it('finds it fuzzily after the quoted words themselves were edited', () => {
    const edited = TEXT.replace('strong brand in Europe', 'strong brands in Europe');
    const found = locateQuote(edited, quote)!;
    expect(found.exact).toBe(false);
    expect(found.text).toBe('strong brands in Europe');
  });

  it('finds a long quote by its start and end after an edit in its middle', () => {
    const long = TEXT.slice(0, 90);
    const q = quoteOf(TEXT, 0, 90);
    const edited = TEXT.replace('has a strong', 'clearly has a strong');
    const found = locateQuote(edited, q)!;
    expect(found.from).toBe(0);
    expect(found.text).toBe(edited.slice(0, long.length + 'clearly '.length));
  });

  it('gives up when the text is gone', () => {
    expect(locateQuote('Completely different words now.', quote)).toBeNull();
    expect(locateQuote(TEXT, { ...quote, exact: '' })).toBeNull();
  });
});

describe('mentions', () => {
  it('parses @usernames once each, lower-cased, not in code, not an email address, without a full stop', () => {
    expect(parseMentions('Thanks @Ada.Lovelace and @bob-2. See also @ada.lovelace, mail x@firm.example, `@code` and\n```\n@fenced\n```')).toEqual(['ada.lovelace', 'bob-2']);
    expect(parseMentions('no mentions here')).toEqual([]);
  });

  it('knows the @query being typed at the caret', () => {
    expect(mentionQueryAt('Hello @ad', 9)).toEqual({ query: 'ad', start: 6 });
    expect(mentionQueryAt('Hello @', 7)).toEqual({ query: '', start: 6 });
    expect(mentionQueryAt('mail x@fi', 9)).toBeNull();
    expect(mentionQueryAt('Hello ada', 9)).toBeNull();
  });

  it('notifies each recipient once and never the actor', () => {
    expect(recipientsOf({ recipients: ['a', 'b', 'a', 'me', ''], actor: { id: 'me' } })).toEqual(['a', 'b']);
  });
});

describe('notification emails and the digest', () => {
  const base = { kind: 'mention' as const, actor: { id: 'ann', name: 'Ann Lee' }, report_id: 'r1', target: { section: 'findings' }, text: 'Report · Findings: look' };

  it('groups queued notifications per recipient, oldest first', () => {
    const items = [
      { ...base, id: '3', recipient: 'bo', created_at: '2026-01-01T10:00:00.000Z' },
      { ...base, id: '1', recipient: 'al', created_at: '2026-01-01T09:00:00.000Z' },
      { ...base, id: '2', recipient: 'bo', created_at: '2026-01-01T08:00:00.000Z' },
    ];
    const groups = groupForDigest(items);
    expect([...groups.keys()]).toEqual(['bo', 'al']);
    expect(groups.get('bo')!.map((n) => n.id)).toEqual(['2', '3']);
    const mail = digestEmail(groups.get('bo')!, 'Assay', 'https://assay.example');
    expect(mail.subject).toBe('2 notifications in Assay today');
    expect(mail.text).toContain('- Ann Lee mentioned you: Report · Findings: look');
    expect(mail.text).toContain('https://assay.example/assay/editor?report=r1&section=findings');
  });

  it('words one notification', () => {
    const mail = notificationEmail({ ...base, id: '1', recipient: 'bo', created_at: '2026-01-01T10:00:00.000Z', kind: 'review_requested' }, 'Assay', '');
    expect(mail.subject).toBe('Ann Lee asked you to review in Assay');
    expect(mail.text).toContain('Open it: /assay/editor?report=r1&section=findings');
  });

  it('links a wizard item and a section thread', () => {
    expect(notificationPath('r1', { step: 'swot', item: 's-1', comment: 't1' })).toBe('/assay/wizards/swot?report=r1&item=s-1&comment=t1');
    expect(notificationPath('r1', { section: 'findings', comment: 't1' })).toBe('/assay/editor?report=r1&section=findings&comment=t1');
  });

  it('reads the time of a notification from its id', () => {
    const now = Date.parse('2026-03-01T09:30:00.123Z');
    expect(madeAt(uuidv7(now))).toBe('2026-03-01T09:30:00.123Z');
    expect(madeAt('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});

describe('threads and open counts', () => {
  it('assembles threads from comment items and counts the open ones per section and item', () => {
    const c = (thread: string, id: string, extra: object = {}) => ({ thread_id: thread, id, author: { id: 'a', name: 'A' }, body: id, mentions: [], created_at: `2026-01-01T00:00:0${id.length}.000Z`, ...extra });
    const threads = assembleThreads([
      c('t1', 't1', { anchor: { section: 'findings' }, status: 'open' }),
      c('t1', 't1r', {}),
      c('t2', 't2', { anchor: { step: 'swot', item: 's-1' }, status: 'open' }),
      c('t3', 't3', { anchor: { section: 'findings' }, status: 'resolved', resolved_by: 'a', resolved_at: 'x' }),
      c('gone', 'orphan', {}),
    ]);
    expect(threads.map((t) => [t.id, t.comments.length])).toEqual([['t1', 2], ['t2', 1], ['t3', 1]]);
    expect(openCounts(threads)).toEqual({ sections: { findings: 1 }, items: { 'swot:s-1': 1 } });
  });
});

describe('participantsOf: who a reply in a thread tells', () => {
  it('names everyone who wrote in the thread or was mentioned in it, once each, in the order they joined', () => {
    const comment = (author: string, mentions: string[]) => ({ id: author, author: { id: author, name: author }, body: '', mentions, created_at: '2026-01-01T00:00:00Z' });
    expect(participantsOf({ comments: [comment('ann', ['bob', 'cy']), comment('bob', []), comment('dee', ['ann', 'eve'])] })).toEqual(['ann', 'bob', 'cy', 'dee', 'eve']);
    expect(participantsOf({ comments: [] })).toEqual([]);
  });

  it('words a reply in the bell and its email', () => {
    const mail = notificationEmail(
      { id: uuidv7(), recipient: 'ann', kind: 'reply', actor: { id: 'bob', name: 'Bob Stone' }, report_id: 'r1', target: { section: 'findings', comment: 'c1' }, text: 'Board pack · Findings & Analysis: Agreed.', created_at: '2026-01-01T00:00:00Z' },
      'Assay',
      'https://assay.firm.example',
    );
    expect(mail.subject).toBe('Bob Stone replied in your thread in Assay');
    expect(mail.text).toContain('Open it: https://assay.firm.example/assay/editor?report=r1&section=findings&comment=c1');
  });
});
