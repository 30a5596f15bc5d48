/**
 * The editor's sections and their persistence. Each section is edited on the version it was loaded at;
 * saves go one at a time, after a pause in typing and every 20 s while something changed (and on Save
 * Draft or Ctrl/Cmd+S). A 409 keeps both texts and asks; a server out of reach keeps a local copy that is
 * synced when it is back. Two people editing different sections never meet.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { editorTexts } from '@shared/messages/editor';
import { reportsDetails } from '@shared/messages/reports';
import type { Citation, Section, SectionKey } from '@shared/schemas/report-document';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { listSections, saveSection, sectionKeys, useSections } from '@/features/sections';
import { reviewsKey } from '@/features/reviews';
import { activityKey } from '@/features/activity';
import { ledgerKey } from '@/features/ledger';
import { clearLocalDraft, readLocalDraft, writeLocalDraft } from '../lib/local-drafts';

const t = editorTexts;
const AUTO_SAVE_MS = 20_000;
const PAUSE_MS = 2_000;

export interface Draft {
  content: string;
  citations: Citation[];
  /** the server version this text is based on */
  version: number;
  dirty: boolean;
  source: 'person' | 'ai';
  /** when it last reached the server (or a local copy) */
  lastSaved: string | null;
}

interface SaveOptions {
  quiet: boolean;
  /** a save nobody asked for (after a pause in typing, or on the clock): a conflict it meets waits behind a notice */
  auto?: boolean;
  force?: { version: number };
}

export interface Conflict {
  key: SectionKey;
  mine: Draft;
  theirs: Section;
}

const fromSection = (s: Section): Draft => ({ content: s.content, citations: s.citations, version: s.version, dirty: false, source: 'person', lastSaved: s.updated_at });

/** `readOnly`: the report is Final: nothing is edited or saved (the server would refuse it: 409). */
export function useSectionEditor(reportId: string | undefined, { readOnly = false }: { readOnly?: boolean } = {}) {
  const sections = useSections(reportId);
  const client = useQueryClient();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const draftsRef = useRef(drafts);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  // a conflict met by an auto-save waits behind a notice: a dialog that took the focus mid-sentence would swallow what
  // is still being typed. An explicit save, or the notice's button, opens it.
  const [conflictOpen, setConflictOpen] = useState(false);
  const conflictRef = useRef(conflict);
  useEffect(() => {
    conflictRef.current = conflict;
  }, [conflict]);
  const [saving, setSaving] = useState(false);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef(new Set<string>());

  const setAll = useCallback((next: Record<string, Draft>) => {
    draftsRef.current = next;
    setDrafts(next);
  }, []);
  const setOne = useCallback((key: string, draft: Draft) => setAll({ ...draftsRef.current, [key]: draft }), [setAll]);

  // load: the server's sections; a local copy the server has not seen wins (and is synced), unless the
  // server moved on since, which is a conflict to resolve
  const loaded = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!reportId || !sections.data || loaded.current === reportId) return;
    loaded.current = reportId;
    const next: Record<string, Draft> = {};
    for (const s of sections.data.items) {
      const local = readLocalDraft(reportId, s.key);
      if (local && local.version >= s.version) {
        next[s.key] = { content: local.content, citations: local.citations, version: s.version, dirty: true, source: local.source, lastSaved: local.savedAt };
        pending.current.add(s.key);
      } else {
        next[s.key] = fromSection(s);
        if (local) {
          // eslint-disable-next-line react-hooks/set-state-in-effect -- reconciling the server's sections with browser storage, once per report (`loaded`)
          setConflict({ key: s.key, mine: { ...fromSection(s), content: local.content, citations: local.citations, dirty: true }, theirs: s });
          setConflictOpen(true);
        }
      }
    }
    setAll(next);
  }, [reportId, sections.data, setAll]);

  const edit = useCallback(
    (key: string, patch: Partial<Pick<Draft, 'content' | 'citations' | 'source'>>) => {
      const current = draftsRef.current[key];
      if (!current || readOnly) return;
      const next = { ...current, ...patch, source: patch.source ?? 'person' as const, dirty: true };
      setOne(key, next);
      // while a conflict waits, nothing is auto-saved: what is typed meanwhile is kept in browser storage
      if (reportId && conflictRef.current?.key === key) {
        writeLocalDraft(reportId, key, { content: next.content, citations: next.citations, version: next.version, source: next.source, savedAt: new Date().toISOString() });
      }
    },
    [setOne, readOnly, reportId],
  );

  const saveNow = useCallback(
    /** true once the section is on the server */
    async (key: string, opts: SaveOptions): Promise<boolean> => {
      const draft = draftsRef.current[key];
      if (!reportId || !draft || readOnly) return false;
      if (!draft.dirty && !opts.force) {
        // nothing left to send (an auto-save got there first, or ran while this click waited in the queue): the
        // person who asked to save is still told that the section is saved
        if (!opts.quiet) notify.success(t.saved);
        return true;
      }
      const version = opts.force?.version ?? draft.version;
      setSaving(true);
      try {
        const saved = await saveSection(reportId, key as SectionKey, { content: draft.content, citations: draft.citations, version, source: draft.source });
        const latest = draftsRef.current[key]!;
        // what was typed while the save was in flight stays dirty
        const stillDirty = latest.content !== draft.content || latest.citations !== draft.citations;
        setOne(key, { ...latest, version: saved.version, citations: stillDirty ? latest.citations : saved.citations, dirty: stillDirty, lastSaved: saved.updated_at });
        clearLocalDraft(reportId, key);
        pending.current.delete(key);
        client.setQueryData(sectionKeys.sections(reportId), (old: { items: Section[] } | undefined) =>
          old ? { items: old.items.map((s) => (s.key === key ? saved : s)) } : old,
        );
        void client.invalidateQueries({ queryKey: sectionKeys.versions(reportId, key) });
        // a save can make an approval stale, is in the activity, and recomputes its section's figures
        void client.invalidateQueries({ queryKey: reviewsKey(reportId) });
        void client.invalidateQueries({ queryKey: ledgerKey(reportId) });
        void client.invalidateQueries({ queryKey: activityKey(reportId) });
        if (!opts.quiet) notify.success(t.saved);
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409 && error.detail === reportsDetails.reportFinal) {
          // the report became Final meanwhile: this text stays in browser storage, the page shows it read-only
          writeLocalDraft(reportId, key, { content: draft.content, citations: draft.citations, version: draft.version, source: draft.source, savedAt: new Date().toISOString() });
          void client.invalidateQueries({ queryKey: ['report', reportId, 'meta'] });
          notify.error(t.saveFailed, error.detail);
        } else if (error instanceof ApiError && error.status === 409) {
          // both texts are kept: this one in browser storage, theirs on the server
          writeLocalDraft(reportId, key, { content: draft.content, citations: draft.citations, version: draft.version, source: draft.source, savedAt: new Date().toISOString() });
          const theirs = (await client.fetchQuery({ queryKey: sectionKeys.sections(reportId), queryFn: () => listSections(reportId), staleTime: 0 })).items.find((s) => s.key === key)!;
          setConflict({ key: key as SectionKey, mine: draftsRef.current[key]!, theirs });
          if (!opts.auto) setConflictOpen(true);
          notify.error(error.detail ?? t.saveFailed);
        } else if (error instanceof ApiError && error.status < 500) {
          notify.error(t.saveFailed, error.detail);
        } else if (writeLocalDraft(reportId, key, { content: draft.content, citations: draft.citations, version: draft.version, source: draft.source, savedAt: new Date().toISOString() })) {
          pending.current.add(key);
          setOne(key, { ...draftsRef.current[key]!, lastSaved: new Date().toISOString() });
          if (!opts.quiet || !pending.current.has(key)) notify.info(t.savedLocally);
        } else {
          notify.error(t.saveFailed);
        }
        return false;
      } finally {
        setSaving(false);
      }
    },
    [reportId, client, setOne, readOnly],
  );

  /** Saves one at a time, in the order asked. */
  const save = useCallback(
    (key: string, opts: SaveOptions = { quiet: false }) => {
      const run = queue.current.then(() => saveNow(key, opts));
      queue.current = run.catch(() => false);
      return run;
    },
    [saveNow],
  );

  // auto-save: after a pause in typing, and every 20 s while something changed; sync local copies when online
  const contentKey = Object.entries(drafts)
    .filter(([, d]) => d.dirty)
    .map(([k, d]) => `${k}:${d.content.length}:${d.citations.length}`)
    .join('|');
  useEffect(() => {
    if (!contentKey || conflict) return;
    const timer = setTimeout(() => {
      for (const [k, d] of Object.entries(draftsRef.current)) if (d.dirty) void save(k, { quiet: true, auto: true });
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [contentKey, conflict, save]);
  useEffect(() => {
    const every = setInterval(() => {
      if (conflict) return;
      for (const [k, d] of Object.entries(draftsRef.current)) if (d.dirty) void save(k, { quiet: true, auto: true });
    }, AUTO_SAVE_MS);
    const online = () => {
      for (const k of pending.current) void save(k, { quiet: false });
    };
    window.addEventListener('online', online);
    return () => {
      clearInterval(every);
      window.removeEventListener('online', online);
    };
  }, [conflict, save]);

  /** Resolves a conflict: keep mine (written over theirs), keep theirs, or a merged text. */
  const resolve = useCallback(
    async (choice: 'mine' | 'theirs' | { merged: string }) => {
      const c = conflict;
      if (!c || !reportId) return;
      setConflict(null);
      setConflictOpen(false);
      if (choice === 'theirs') {
        clearLocalDraft(reportId, c.key);
        pending.current.delete(c.key);
        setOne(c.key, fromSection(c.theirs));
        return;
      }
      // "mine" is the text as it is now, with whatever was typed after the conflict was met
      const mine = draftsRef.current[c.key] ?? c.mine;
      const content = choice === 'mine' ? mine.content : choice.merged;
      const citations = [...mine.citations, ...c.theirs.citations.filter((x) => !mine.citations.some((m) => m.id === x.id))];
      setOne(c.key, { ...mine, content, citations, version: c.theirs.version, dirty: true });
      await save(c.key, { quiet: false, force: { version: c.theirs.version } });
    },
    [conflict, reportId, save, setOne],
  );

  /** After a restore or a compose elsewhere: take the server's section as it is now. */
  const replaceFromServer = useCallback((section: Section) => setOne(section.key, fromSection(section)), [setOne]);

  /** The dialog of a waiting conflict, with the text as it is now. */
  const openConflict = useCallback(() => {
    setConflict((c) => (c ? { ...c, mine: draftsRef.current[c.key] ?? c.mine } : c));
    setConflictOpen(true);
  }, []);

  return { sections, drafts, edit, save, saving, conflict: conflictOpen ? conflict : null, waitingConflict: conflictOpen ? null : conflict, openConflict, resolve, replaceFromServer };
}
