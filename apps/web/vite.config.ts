import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

const API_ORIGIN = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  // Brotli and gzip copies of every text asset, made once at build; the server sends the one the
  // browser accepts (apps/server/src/plugins/web-app.ts).
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        tailwindcss(),
        compression({
          algorithms: ['brotliCompress', 'gzip'],
          include: /\.(js|mjs|css|svg|json)$/,
          threshold: 0,
        }),
      ],
  server: {
    port: 5173,
    proxy: {
      '/api': API_ORIGIN,
      '/sandbox': API_ORIGIN,
      '/uploads': API_ORIGIN,
    },
  },
  preview: { port: 4173 },
  build: isSsrBuild
    ? // The server's renderer of the storefront's first screen (src/entry-server.tsx, decision 0021),
      // beside the served folder, not in it; its dependencies are the server's own node_modules.
      { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // Maps are written for debugging but not referenced from the bundles; the server does not serve them in production.
        sourcemap: 'hidden',
        // .vite/manifest.json: which chunks each page loads, for the shopper's JS budget
        // (scripts/check-shopper-js-budget.mjs) and the server's preloads. The server does not
        // serve dot folders.
        manifest: true,
        // Every browser the storefront supports preloads modules itself (Safari since 17): no
        // polyfill in the first script.
        modulePreload: { polyfill: false },
      },
}));
