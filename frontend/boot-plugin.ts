/**
 * The boot script (issue 22, "Speed where the network is slow"): a few hundred bytes that index.html loads
 * first, before the entry. It
 * - starts the `/config.json` request at once (the entry used to ask for it only after all its own code had
 *   arrived and run: one more round trip before the first paint); `loadRuntimeConfig` takes that answer;
 * - with a stored session, sends its check (`GET /api/auth/verify`) at once too: a signed-in page waits for that
 *   answer before it draws, and it no longer waits for the entry first (src/features/auth/api/verify.ts takes it);
 * - asks for the chunks of the page the address names (`<link rel="modulepreload">`), so they download beside
 *   the entry rather than after it has run. The entry's own chunks are already preloaded by index.html.
 *
 * - on /login without a stored session, shows the sign-in page's static first paint: the provider's logo row (its
 *   space), the title and the subtitle, written into index.html here from the same texts and classes as
 *   src/features/auth/components/auth-screen.tsx, over the (not yet drawn) page. The sign-in screen removes it as
 *   it mounts (src/lib/boot-shell.ts), with its own title in the same place: the largest paint comes with the HTML
 *   and its CSS instead of after the JavaScript, and nothing moves.
 * - on the dashboard with a stored session, the same for the dashboard: the top bar's and the logo row's space,
 *   the heading, and the loading cards (src/features/dashboard/components/dashboard-page.tsx removes it as it mounts).
 * - loads the entry itself (index.html has no module script or preload of its own): at once on other pages, but on
 *   a page with a static first paint only after that paint. On a slow network the paint then does not share the
 *   line with ~115 KB of JavaScript it does not need, and Lighthouse's simulation (which counts every download that
 *   finished before the largest paint as part of it) sees the paint as the HTML's. In a hidden tab (no frames) it
 *   starts at once.
 *
 * It is a file, not an inline script, because the CSP allows scripts from 'self' only. Which chunks a page needs
 * is known only after bundling, so the script is written here, in `generateBundle`, from the bundle's import graph.
 */
import { createHash } from 'node:crypto';
import Beasties from 'beasties';
import type { Plugin } from 'vite';
import { BOOT_DASHBOARD_SHELL_ID, BOOT_SHELL_ID } from './src/lib/boot-shell.ts';

export interface BootRoute {
  /** a regular expression (source) matched against `location.pathname` */
  path: string;
  /** the page's modules, as the router imports them (paths under frontend/) */
  modules: string[];
}

export interface BootOptions {
  routes: BootRoute[];
  /** modules every signed-in page needs first (the session check), preloaded when a session is stored */
  signedIn: string[];
  /** the localStorage key of the stored session's access token */
  tokenKey: string;
  /** the session check (GET, bearer token): sent at once when a session is stored */
  verifyPath: string;
  /** the sign-in page's static first paint */
  signIn: { path: string; title: string; subtitle: string };
  /** the dashboard's static first paint (with a stored session) */
  dashboard: { path: string; heading: string };
}

/** The class the boot script puts on <html> when the sign-in shell shows (src/index.css shows the shell by it). */
const BOOT_SIGN_IN_CLASS = 'boot-sign-in';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sign-in page down to its subtitle, as AppLayout and AuthScreen draw it (same classes, so the same place);
 * the logo row is only its height (h-9), as the provider's name and logo come with /config.json.
 */
function signInShell(texts: { title: string; subtitle: string }): string {
  return (
    `<div id="${BOOT_SHELL_ID}" class="hidden" aria-hidden="true" inert>` +
    '<div class="flex min-h-full flex-col"><main class="min-h-screen flex-1">' +
    '<div class="flex min-h-full items-center justify-center px-4 py-12"><div class="w-full max-w-md space-y-6">' +
    '<div class="flex flex-col items-center gap-3 text-center"><div class="h-9"></div><div>' +
    `<p class="text-3xl font-bold tracking-tight text-slate-900">${escapeHtml(texts.title)}</p>` +
    `<p class="mt-1 text-sm text-slate-500">${escapeHtml(texts.subtitle)}</p>` +
    '</div></div></div></div></main></div></div>'
  );
}

/** The class the boot script puts on <html> when the dashboard's shell shows. */
const BOOT_DASHBOARD_CLASS = 'boot-dashboard';

const skeleton = (size: string) => `<div class="animate-pulse rounded-md bg-slate-200 ${size}"></div>`;

/**
 * The dashboard down to its loading cards, as AppLayout, TopBar, DashboardPage and DashboardLoading draw them
 * (same classes, so the same place): the top bar and the logo row are only their height, the buttons are left out
 * (the heading's place does not depend on them), and the heading is the page's largest paint.
 */
function dashboardShell(heading: string): string {
  return (
    `<div id="${BOOT_DASHBOARD_SHELL_ID}" class="hidden" aria-hidden="true" inert>` +
    '<div class="flex min-h-full flex-col"><main class="min-h-screen flex-1"><div class="h-12"></div>' +
    '<div class="mx-auto max-w-7xl space-y-6 p-4 sm:p-8"><header class="flex flex-wrap items-center justify-between gap-4">' +
    `<div class="space-y-1"><div class="h-9"></div><p class="text-2xl font-semibold tracking-tight">${escapeHtml(heading)}</p></div></header>` +
    `<div class="space-y-6">${skeleton('h-10 w-full max-w-xl')}` +
    `<div class="grid grid-cols-2 gap-4 lg:grid-cols-4">${skeleton('h-24').repeat(4)}</div>` +
    `<div class="grid grid-cols-1 gap-4 md:grid-cols-3">${skeleton('h-40').repeat(3)}</div></div>` +
    '</div></main></div></div>'
  );
}

/** Global the boot script sets: the `/config.json` answer (null when it failed). Read by src/lib/runtime-config.ts. */
const BOOT_CONFIG_GLOBAL = '__assayConfig';
/** Global the boot script sets: the session check's Response. Read by src/features/auth/api/verify.ts. */
const BOOT_VERIFY_GLOBAL = '__assayVerify';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

/**
 * Preload links the boot script adds per task: adding one costs the main thread a little (a request is set up
 * for it), and the dashboard's fifty in one task were a long task of their own on a slow phone (issue 22, TBT).
 */
const LINKS_PER_TASK = 8;

function script(routes: [string, string[]][], signedIn: string[], entry: { file: string; imports: string[] }, opts: BootOptions): string {
  // plain ES5-level code: it runs before anything else and must not fail on its own; whatever fails, the entry loads
  return `(function(){var w=window,d=document,p=location.pathname,t=null,s=false,c='';
function link(h){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href='/'+h;d.head.appendChild(l)}
function links(l,i){var n=Math.min(l.length,i+${LINKS_PER_TASK});for(;i<n;i++)link(l[i]);if(i<l.length)setTimeout(function(){links(l,i)},0)}
function start(){try{w.${BOOT_CONFIG_GLOBAL}=fetch('/config.json',{cache:'no-cache'}).then(function(r){return r.ok?r.json():null}).catch(function(){return null})}catch(e){}
try{if(s)w.${BOOT_VERIFY_GLOBAL}=fetch(${JSON.stringify(opts.verifyPath)},{credentials:'same-origin',headers:{authorization:'Bearer '+t}});
var l=${JSON.stringify(entry.imports)},r=${JSON.stringify(routes)},a=${JSON.stringify(signedIn)};
for(var i=0;i<r.length;i++){if(new RegExp(r[i][0]).test(p)){l=l.concat(s?r[i][1].concat(a):r[i][1]);break}}links(l,0)}catch(e){}}
function run(){var m=d.createElement('script');m.type='module';m.crossOrigin='';m.src=${JSON.stringify(`/${entry.file}`)};d.head.appendChild(m)}
function parsed(f){if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',f);else f()}
try{t=localStorage.getItem(${JSON.stringify(opts.tokenKey)});s=!!t}catch(e){}
try{if(!s&&new RegExp(${JSON.stringify(opts.signIn.path)}).test(p))c=${JSON.stringify(BOOT_SIGN_IN_CLASS)};else if(s&&new RegExp(${JSON.stringify(opts.dashboard.path)}).test(p))c=${JSON.stringify(BOOT_DASHBOARD_CLASS)};
if(c)d.documentElement.classList.add(c)}catch(e){c=''}
if(!c||d.visibilityState==='hidden'||!w.requestAnimationFrame){start();parsed(run)}
else parsed(function(){requestAnimationFrame(function(){setTimeout(function(){start();run()},0)})})})();
`;
}

/**
 * The CSS the HTML itself needs (the shell; html and body) inlined into <head> by Beasties, and the stylesheet
 * moved to the end of <body> (preloaded from <head>): the shell paints without waiting for the stylesheet. The
 * 'body' strategy needs no inline script or event handler (the CSP allows neither), and the module entry still
 * waits for the stylesheet before it runs (a script waits for the style sheets before it), so no page draws unstyled.
 * The shell's own rule (`html.boot-sign-in #boot-shell`) matches only once the boot script has run, so it is named.
 */
async function inlineCriticalCss(html: string, cssAsset: (file: string) => string | undefined): Promise<string> {
  class FromBundle extends Beasties {
    override getCssAsset(href: string): string | undefined {
      return cssAsset(href.replace(/^\//, ''));
    }
  }
  const beasties = new FromBundle({
    preload: 'body',
    pruneSource: false,
    compress: true,
    fonts: false,
    // the dashboard's loading cards pulse (Tailwind names the animation through a variable, which Beasties cannot follow)
    keyframes: 'all',
    allowRules: [new RegExp(`\\.(${BOOT_SIGN_IN_CLASS}|${BOOT_DASHBOARD_CLASS})\\b`)],
    logLevel: 'warn',
  });
  return beasties.process(html);
}

export function bootScript(opts: BootOptions): Plugin {
  return {
    name: 'assay-boot-script',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is typeof o & ChunkLike => o.type === 'chunk') as unknown as ChunkLike[];
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: string[], into = new Set<string>()) => {
        const walk = (file: string) => {
          if (into.has(file)) return;
          into.add(file);
          for (const i of byFile.get(file)?.imports ?? []) walk(i);
        };
        start.forEach(walk);
        return into;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('boot script: the bundle has no entry');
      const inEntry = closure([entry.fileName]);
      const chunkOf = (module: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/frontend/${module}`));
        if (!chunk) throw new Error(`boot script: ${module} is not a chunk of the build`);
        return chunk.fileName;
      };
      // what a page adds beyond the entry (which index.html preloads already)
      const files = (modules: string[]) => [...closure(modules.map(chunkOf))].filter((f) => !inEntry.has(f));
      const routes = opts.routes.map((r) => [r.path, files(r.modules)] as [string, string[]]);
      const signedIn = files(opts.signedIn);
      const entryImports = [...inEntry].filter((f) => f !== entry.fileName);
      // the entry is preloaded with its imports (its module script is added once the document is parsed)
      const source = script(routes, signedIn, { file: entry.fileName, imports: [entry.fileName, ...entryImports] }, opts);
      const fileName = `assets/boot-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });

      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') throw new Error('boot script: index.html is not in the bundle');
      const text = String(html.source);
      // first in <head>: a classic script, so it runs before the deferred module entry
      const tag = `<script src="/${fileName}"></script>`;
      if (!text.includes('<meta charset="UTF-8" />')) throw new Error('boot script: index.html has no charset meta to follow');
      if (!text.includes('<div id="root"></div>')) throw new Error('boot script: index.html has no empty #root');
      // the entry and its preloads come from the boot script (see above): Vite's own tags for them are taken out
      const entryTag = new RegExp(`\\s*<script type="module" crossorigin src="/${entry.fileName.replace(/[.$]/g, '\\$&')}"></script>`);
      const preloadTag = /\s*<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">/g;
      if (!entryTag.test(text)) throw new Error(`boot script: index.html does not load the entry ${entry.fileName} as expected`);
      const preloads = text.match(preloadTag) ?? [];
      if (preloads.length !== entryImports.length) throw new Error(`boot script: index.html preloads ${preloads.length} chunks, the entry imports ${entryImports.length}`);
      const withShell = text
        .replace(entryTag, '')
        .replace(preloadTag, '')
        .replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    ${tag}`)
        .replace('<div id="root"></div>', `${signInShell(opts.signIn)}\n    ${dashboardShell(opts.dashboard.heading)}\n    <div id="root"></div>`);
      html.source = await inlineCriticalCss(withShell, (file) => {
        const asset = bundle[file];
        return asset?.type === 'asset' ? String(asset.source) : undefined;
      });
    },
  };
}
