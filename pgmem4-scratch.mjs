import { PGlite } from '@electric-sql/pglite';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
function maps(label){ global.gc?.(); const s=readFileSync('/proc/self/smaps','utf8').split('\n'); let cur=null; const out=[]; for(const l of s){ if(/^[0-9a-f]+-[0-9a-f]+ /.test(l)){ cur={h:l,size:0,rss:0}; out.push(cur);} else if(l.startsWith('Size:')) cur.size=+l.split(/\s+/)[1]; else if(l.startsWith('Rss:')) cur.rss=+l.split(/\s+/)[1]; }
 const big=out.filter(m=>m.rss>4096).sort((a,b)=>b.rss-a.rss).slice(0,8); console.log('--', label, 'total rss MB', (out.reduce((a,m)=>a+m.rss,0)/1024).toFixed(0)); for(const m of big) console.log('  ', (m.rss/1024).toFixed(0).padStart(5),'MB of', (m.size/1024).toFixed(0).padStart(7), m.h.slice(0,100)); }
const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
const mod = await WebAssembly.compile(await readFile(path.join(dist, 'pglite.wasm')));
const fsBundle = await readFile(path.join(dist, 'pglite.data'));
maps('before');
const pg = new PGlite({ dataDir: process.argv[2], pgliteWasmModule: mod, fsBundle: new Blob([fsBundle]), startParams: [...PGlite.defaultStartParams, '-c','shared_buffers=32MB'] });
await pg.waitReady;
await pg.query('select count(*) from pg_class');
maps('ready');
