import type { Argv } from 'yargs';
import { serveWeb } from '../../web/serve.js';
import { UsageError, type CliCommand, type CliIO } from '../io.js';

interface WebArgs {
  port: number;
  host: string;
  dir?: string;
}

/** `gridsat web`: serve the built page (npm run build:web) locally and print its address. */
export const webCommand: CliCommand<WebArgs> = {
  command: 'web',
  describe: 'Serve the web page (built by npm run build:web) on this machine and print its address',
  builder: (y: Argv) =>
    y
      .option('port', { type: 'number', default: 8080, describe: 'port (0 picks a free one)' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'address to listen on' })
      .option('dir', { type: 'string', describe: 'folder to serve (default: web-dist/ in the package)' }) as unknown as Argv<WebArgs>,
  async run(args, io: CliIO) {
    if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535 (0 picks a free one)${Number.isNaN(args.port) ? '' : `, not ${args.port}`}`);
    let served;
    try {
      served = await serveWeb({ port: args.port, host: args.host, ...(args.dir ? { dir: args.dir } : {}) });
    } catch (err) {
      io.err(`gridsat web: ${err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }
    io.out(`gridsat web: serving the page at ${served.url} (Ctrl-C stops)\n`);
    await new Promise<void>((done) => {
      const stop = () => { served.server.close(); done(); };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    return 0;
  },
};
