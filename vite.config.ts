import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

// `npm run dev` runs the server and Vite with one environment: PORT moves both.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? process.env.PORT ?? 3000}`;

/** Text worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json|html|txt)$/;

/**
 * Writes `.br` (quality 11) and `.gz` beside each hashed asset once, at build, so the server sends
 * them by content negotiation without compressing on every request (docs/decisions/0007). Even
 * small ones: the server would otherwise compress them on the fly (@fastify/compress). The bench
 * builds its floor page with it too (bench/pages.ts).
 */
export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'checkn-precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.startsWith('assets/') || !COMPRESSIBLE.test(fileName)) continue;
        const output = bundle[fileName]!;
        const source = output.type === 'chunk' ? output.code : output.source;
        const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        const filePath = path.join(outDir, fileName);
        writeFileSync(
          `${filePath}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        writeFileSync(`${filePath}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

const LANDING_ENTRY = path.resolve('src/client/landing.tsx');

/**
 * Names the landing chunk: the source files the landing page's entry loads (its static imports,
 * followed through src/ in the bundler's own module graph) make one chunk, so a walk-in's phone
 * fetches a handful of files, not one per module, each with its own request and headers
 * (docs/decisions/0009). `import()` is not followed: it is not loaded with the page. Not the entry
 * itself: it hydrates the page when run, and the app's entry imports the group.
 */
function landingChunkName(): Rolldown.CodeSplittingNameFunction {
  let landingSources: Set<string> | undefined;
  return (moduleId, chunking) => {
    if (!landingSources) {
      landingSources = new Set();
      const pending = [...(chunking.getModuleInfo(LANDING_ENTRY)?.importedIds ?? [])];
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (landingSources.has(id) || id.includes('node_modules') || id.endsWith('.css')) continue;
        landingSources.add(id);
        pending.push(...(chunking.getModuleInfo(id)?.importedIds ?? []));
      }
    }
    return landingSources.has(moduleId) ? 'landing' : null;
  };
}

/**
 * Two builds: the browser's app into dist/client, and with `--ssr` the server's entry
 * (src/client/entry-server.tsx) into dist/ssr, which the server imports to render pages
 * (docs/decisions/0008). The server build holds its packages too, built for production: React's
 * production server renderer whatever NODE_ENV the server process has.
 */
export default defineConfig(({ isSsrBuild }) => {
  return {
    root: 'src/client',
    publicDir: isSsrBuild ? false : 'public',
    plugins: isSsrBuild ? [react()] : [react(), precompressAssets()],
    ...(isSsrBuild
      ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
      : {}),
    build: isSsrBuild
      ? {
          outDir: '../../dist/ssr',
          emptyOutDir: true,
          target: 'node20',
          sourcemap: true,
          rollupOptions: {
            input: 'entry-server.tsx',
            output: { entryFileNames: 'entry-server.js' },
            // The server's entry imports the query client itself (one per request), so the lazy
            // pages' import of it cannot split it off here, as intended: no warning at each build.
            onwarn(warning, warn) {
              if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
            },
          },
        }
      : {
          outDir: '../../dist/client',
          emptyOutDir: true,
          target: 'es2022',
          sourcemap: true,
          // bench/ and the server read the manifest: what each route downloads, what a page preloads.
          manifest: true,
          // boot.ts: the first script of a server-rendered page, which loads the app after its first
          // paint (docs/decisions/0008); landing.tsx: the landing page without the router (0009);
          // index.html's own scripts serve the console.
          rollupOptions: {
            // zod builds each schema when its module runs (~25 ms for shared/schemas.ts on a slow
            // phone); as pure calls, the schemas the browser never uses are left out of its bundle.
            treeshake: { manualPureFunctions: ['z'] },
            input: {
              index: path.resolve('src/client/index.html'),
              boot: path.resolve('src/client/boot.ts'),
              landing: LANDING_ENTRY,
            },
            // React is one file every page needs, not three (each request has its own headers).
            output: {
              // Each language's words by their name (words-es-customer-…): the pages ask for one
              // language's files, and bench/bundle-size.ts tells them apart.
              chunkFileNames(chunk) {
                const words = /lib[\\/]texts[\\/]([^\\/]+)[\\/](\w+)\.ts$/.exec(chunk.facadeModuleId ?? '');
                return words ? `assets/words-${words[1]}-${words[2]}-[hash].js` : 'assets/[name]-[hash].js';
              },
              codeSplitting: {
                groups: [
                  // With lib/react-dom-client.ts: React DOM starts when this chunk runs (decisions/0010).
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|lib[\\/]react-dom-client\.ts$/,
                    priority: 2,
                  },
                  { name: landingChunkName(), debugName: 'landing', priority: 1 },
                  // TanStack Query is one file, not five: each file is a request, and adding its
                  // preload costs the phone about a millisecond (boot.ts).
                  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 1 },
                ],
              },
            },
          },
          // The landing page budget is counted by bench/bundle-size.ts; keep chunks per route.
          reportCompressedSize: false,
        },
    server: {
      port: 5173,
      proxy: { '/api': { target: apiTarget, ws: true }, '/logo': apiTarget },
    },
  };
});
