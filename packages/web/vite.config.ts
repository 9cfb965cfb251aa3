import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { createRequire } from 'node:module';
import path from 'node:path';
import { checkEntryWithoutShell, manualChunkGroups } from './build/shell-chunk';

/**
 * react-router publishes its production build (dist/production: no development warnings, ENABLE_DEV_WARNINGS off
 * so the minifier drops them) but its package.json `exports` point every condition at dist/development
 * (remix-run/react-router#12532, #14753). The production build is the same API; the bundle takes that one.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * React changes less often than our code: its chunk (with what react, react-dom and react-router import) stays
 * cached across releases. The layouts and what every signed-in page renders with them are one chunk 'shell'
 * (build/shell-chunk.ts, issue 10). Radix and zod are not forced into shared chunks: each lands with the pages that
 * use it, so the login page does not download them.
 */
const chunkGroups = () =>
  manualChunkGroups([
    {
      name: 'vendor-react',
      root: (id) => /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/.test(id),
    },
    // What the entry (the login page) needs, in the entry's chunk. Rollup would otherwise cut what the entry shares
    // with the shell into chunks of their own that the login page loads besides the entry.
    { name: 'index', root: 'entries' },
    {
      // Three chunks that download side by side: one file of 60 KB takes a new connection several round trips on
      // a slow link (TCP slow start), three of 20 KB take one or two each. The tRPC client is the smallest, so a
      // page's first data (lazyPage's prefetch) can be asked for as soon as it has arrived.
      name: (id) =>
        /[\\/]node_modules[\\/](@trpc|@tanstack)[\\/]|[\\/]src[\\/]lib[\\/]trpc\.ts$/.test(id)
          ? 'shell-data'
          : /[\\/]node_modules[\\/]/.test(id) && !/[\\/]node_modules[\\/]lucide-react[\\/]/.test(id)
            ? 'shell-ui'
            : 'shell',
      root: (id) =>
        /[\\/]src[\\/](layouts[\\/]\w+Layout\.tsx|app[\\/]page-frame\.tsx|lib[\\/]trpc\.ts|components[\\/]ui[\\/]tooltip\.tsx)$/.test(
          id,
        ),
      notInEntry: true,
    },
  ]);

// The API server (packages/server) listens on 3000 in development; the built app is served by it directly.
const api = process.env.KLINIK_API ?? 'http://localhost:3000';

export default defineConfig(({ command }) => ({
  // Development and the unit tests keep the development build and its warnings.
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip twins of every text asset, written at build time: the server sends them as they are
    // (@fastify/static `preCompressed`), so a phone gets small files without the server compressing per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
    checkEntryWithoutShell('shell'),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/trpc': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The manifest lets bench/bundle-report.mjs add up what the login page loads before it renders.
    manifest: true,
    chunkSizeWarningLimit: 1200,
    // The size table's gzip column costs a compression of every chunk on each build (`pnpm test` builds first);
    // bench/bundle-report.mjs measures what a phone downloads.
    reportCompressedSize: false,
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // Chunks under 6 KB are merged into chunks loaded together with them (Rollup only merges where no entry
        // would load code it did not load before): a signed-in page otherwise fetched about forty files of 1-5 KB
        // (an icon, a hook each), which a phone's six connections per host take in waves (issue 10).
        experimentalMinChunkSize: 6_000,
        manualChunks: chunkGroups(),
        // A manual chunk holds exactly the modules named for it, not their other dependencies too.
        onlyExplicitManualChunks: true,
      },
    },
  },
}));
