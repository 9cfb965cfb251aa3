import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The API server (packages/server) listens on 3000 in development; the built app is served by it directly.
const api = process.env.KLINIK_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
    chunkSizeWarningLimit: 1200,
    rollupOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/](react|react-dom|react-router|scheduler)[\\/]/.test(id)) return 'vendor-react';
          if (id.includes('@radix-ui') || id.includes('radix-ui')) return 'vendor-radix';
          if (id.includes('@tanstack') || id.includes('@trpc')) return 'vendor-data';
          if (/[\\/]zod[\\/]/.test(id)) return 'vendor-zod';
          return undefined;
        },
      },
    },
  },
});
