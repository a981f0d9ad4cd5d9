// A tiny static file server for dist/: `node tests/e2e/server.mjs DIR [PORT] [PREFIX] [--isolated]`.
// With PREFIX (e.g. /some/sub/path/) the site is served only under that path, to check that it
// works from any sub-path. Listens on 127.0.0.1 only. `startServer({ delay })` holds every answer
// back by `delay` ms (a number, or a function called per request), to test a slow network.
// `isolated` (--isolated) sends the headers that make the page cross-origin isolated (COOP and
// COEP), as a host must for the computer to search on several threads (shared memory).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

const ISOLATION = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
};

export function startServer({ dir, port = 0, prefix = '/', delay = 0, isolated = false }) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const ms = typeof delay === 'function' ? delay(req) : delay;
      if (ms > 0) await new Promise((ok) => setTimeout(ok, ms));
      const url = new URL(req.url, 'http://localhost');
      let path = decodeURIComponent(url.pathname);
      if (!path.startsWith(prefix)) {
        res.writeHead(404).end('not found');
        return;
      }
      path = path.slice(prefix.length);
      if (path === '' || path.endsWith('/')) path += 'index.html';
      const file = normalize(join(root, path));
      if (!file.startsWith(root)) {
        res.writeHead(403).end('forbidden');
        return;
      }
      const info = await stat(file).catch(() => null);
      if (!info || !info.isFile()) {
        res.writeHead(404).end('not found');
        return;
      }
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] || 'application/octet-stream',
        'content-length': body.length,
        'cache-control': 'no-cache',
        ...(isolated ? ISOLATION : {}),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      res.writeHead(500).end(String(e));
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const [dir = 'dist', port = '8080', prefix = '/'] = args.filter((a) => !a.startsWith('--'));
  const server = await startServer({ dir, port: Number(port), prefix, isolated: args.includes('--isolated') });
  const { port: p } = server.address();
  console.log(`serving ${dir} at http://127.0.0.1:${p}${prefix}`);
}
