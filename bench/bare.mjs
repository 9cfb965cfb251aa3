// The bare Fastify baseline of `pnpm bench`, in a process of its own: one JSON route, nothing else.
// Prints the port it listens on.
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(
  path.resolve(path.dirname(new URL(import.meta.url).pathname), '../packages/server/package.json'),
);
const Fastify = require('fastify');
const app = Fastify();
app.get('/bare', async () => ({ data: 'ok' }));
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${app.server.address().port}\n`);
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
