/**
 * A small static file server for the built page (web-dist/), for `gridsat web` and `npm run web`.
 * The page needs no server logic; any static host serves the same folder. Only files inside the
 * folder are served; engine.wasm goes out as application/wasm so the page can compile it while
 * it downloads.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { packageRoot } from '../util/package-root.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** Where `npm run build:web` writes the page. */
export function defaultWebDir(): string {
  return join(packageRoot(), 'web-dist');
}

export interface ServeOptions {
  dir?: string;
  port?: number;
  host?: string;
}

/** Starts serving; resolves with the server and the address to open once it listens. */
export async function serveWeb(options: ServeOptions = {}): Promise<{ server: Server; url: string }> {
  const dir = resolve(options.dir ?? defaultWebDir());
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`${dir}/index.html not found: build the page first with npm run build:web`);
  }
  const server = createServer((req, res) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    // Validators as static hosts send them: a reload revalidates (304) instead of downloading again.
    const stat = statSync(file);
    const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const headers = { etag, 'last-modified': stat.mtime.toUTCString(), 'cache-control': 'no-cache' };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const body = readFileSync(file);
    res.writeHead(200, {
      ...headers,
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, host, () => ok());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return { server, url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/` };
}
