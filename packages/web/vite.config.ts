import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * react-router publishes its production build (dist/production: no development warnings, ENABLE_DEV_WARNINGS off
 * so the minifier drops them) but its package.json `exports` point every condition at dist/development
 * (remix-run/react-router#12532, #14753). The production build is the same API; the bundle takes that one.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

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
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // Chunks under 6 KB are merged into chunks loaded together with them (Rollup only merges where no entry
        // would load code it did not load before): a signed-in page otherwise fetched about forty files of 1-5 KB
        // (an icon, a hook each), which a phone's six connections per host take in waves (issue 10).
        experimentalMinChunkSize: 6_000,
        // React changes less often than our code: its chunk stays cached across releases. Radix and zod are
        // NOT forced into shared chunks any more: each lands with the pages that use it, so the login page
        // does not download them (issue 10).
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/.test(id)) return 'vendor-react';
          return undefined;
        },
      },
    },
  },
}));
