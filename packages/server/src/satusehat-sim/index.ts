/** A local SATUSEHAT stand-in for development and tests (issue 31 item 7); see README.md beside this file. */
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

export async function startSatusehatSim(_opts: { port?: number; host?: string } = {}): Promise<SatusehatSim> {
  const state = new SimState();
  const url = 'http://127.0.0.1:0';
  return { url, authUrl: `${url}/oauth2/v1`, baseUrl: `${url}/fhir-r4/v1`, state, close: async () => {} };
}
