import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { APP_BASE, STORAGE_KEYS } from '../shared/constants.ts';
import { authTexts } from '../shared/messages/auth.ts';
import { shellDashboard } from '../shared/messages/shell.ts';
import { bootScript } from './boot-plugin.ts';
import { clientRouteTable } from './route-table-plugin.ts';

const gateway = process.env.ASSAY_GATEWAY_URL ?? 'http://127.0.0.1:8710';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    // the SPA takes method and path from the route table, not its zod schemas (route-table-plugin.ts)
    clientRouteTable(),
    react(),
    tailwindcss(),
    // the page the address names downloads beside the entry, and /config.json is asked for at once (boot-plugin.ts);
    // the modules are the ones src/app/router.tsx loads for each path
    bootScript({
      routes: [
        { path: '^/login/?$', modules: ['src/features/auth/components/auth-screen.tsx'] },
        { path: `^${APP_BASE}/?$`, modules: ['src/features/dashboard/components/dashboard-page.tsx'] },
        { path: `^${APP_BASE}/wizards(/|$)`, modules: ['src/features/wizard/components/wizard-page.tsx'] },
        { path: `^${APP_BASE}/editor/?$`, modules: ['src/features/editor/index.ts', 'src/features/visuals/embedded.ts'] },
        { path: `^${APP_BASE}/evidence/?$`, modules: ['src/features/evidence/components/evidence-page.tsx'] },
      ],
      signedIn: ['src/features/auth/api/session.ts'],
      tokenKey: STORAGE_KEYS.token,
      // shared/api/routes/auth.ts's verify route (the route table's modules use the @shared alias, which this file cannot load)
      verifyPath: '/api/auth/verify',
      signIn: { path: '^/login/?$', title: authTexts.title, subtitle: authTexts.subtitle },
      dashboard: { path: `^${APP_BASE}/?$`, heading: shellDashboard.heading },
    }),
  ],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('../shared', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.ASSAY_APP_PORT ?? 5173),
    proxy: {
      // the gateway answers only to its own Host (DNS rebinding): the proxy names it
      '/api': { target: gateway, changeOrigin: true },
      '/config.json': { target: gateway, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    emptyOutDir: true,
    // production builds ship no source maps (they would publish the source); the manifest lets the
    // benchmarks measure each route's chunks
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // A feature's index, calls and components do nothing when imported: a page that takes one call through
      // a feature's index (features/<x>/index.ts) gets that call, not every component behind the index.
      // Modules that do something when imported keep it (visuals/lib/echarts.ts registers the chart types).
      // The shared schemas and domain rules likewise: a text that imports one constant from a domain module
      // must not bring, for its side effects, the zod schemas that module imports (zod's constructors ran in
      // the dashboard's start-up for a benchmark threshold).
      output: {
        codeSplitting: {
          groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/ }],
        },
      },
      treeshake: {
        moduleSideEffects: (id) => !/\/frontend\/src\/features\/[^/]+\/(index\.ts$|api\/|components\/)|\/shared\/(schemas|domain)\//.test(id),
      },
    },
  },
});
