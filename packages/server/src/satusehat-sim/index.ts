/** A local SATUSEHAT stand-in for development and tests (issue 31 item 7); see README.md beside this file. */
import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_PATH, FHIR_PATH, handler } from './server.js';
import { SimState } from './state.js';

export * from './state.js';

export interface SatusehatSim {
  /** http://127.0.0.1:{port} */
  url: string;
  /** `${url}/oauth2/v1`: give it as SATUSEHAT_AUTH_URL. */
  authUrl: string;
  /** `${url}/fhir-r4/v1`: give it as SATUSEHAT_BASE_URL. */
  baseUrl: string;
  state: SimState;
  close(): Promise<void>;
}

export async function startSatusehatSim(opts: { port?: number; host?: string } = {}): Promise<SatusehatSim> {
  const state = new SimState();
  const hanging = new Set<ServerResponse>();
  const handle = handler(state, hanging);
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: err instanceof Error ? err.message : String(err) }));
    });
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  return {
    url,
    authUrl: `${url}${AUTH_PATH}`,
    baseUrl: `${url}${FHIR_PATH}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
