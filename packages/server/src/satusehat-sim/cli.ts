/**
 * `node packages/server/dist/main.js satusehat-sim [--port 9099] [--host 127.0.0.1]
 *   [--client id:secret:orgId ...] [--patient nik:ihs:name ...] [--practitioner nik:ihs:name ...]`
 * (`pnpm satusehat:sim -- --port 9099`). Runs until stopped; prints the two URLs to give the app.
 */
import { startSatusehatSim } from './index.js';

function values(args: string[], name: string): string[] {
  return args.flatMap((a, i) => (a === `--${name}` && args[i + 1] ? [args[i + 1]] : []));
}

export async function satusehatSimCommand(args: string[]): Promise<void> {
  const port = Number(values(args, 'port')[0] ?? 9099);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`Port tidak valid: ${values(args, 'port')[0]}`);
  const sim = await startSatusehatSim({ port, host: values(args, 'host')[0] ?? '127.0.0.1' });
  for (const c of values(args, 'client')) {
    const [clientId, clientSecret, orgId] = c.split(':');
    if (!clientId || !clientSecret || !orgId) throw new Error(`--client harus id:secret:orgId (${clientId ?? ''})`);
    sim.state.addClient({ clientId, clientSecret, orgId });
  }
  for (const [flag, add] of [
    ['patient', (p: { nik: string; ihs: string; name: string }) => sim.state.addPatient(p)],
    ['practitioner', (p: { nik: string; ihs: string; name: string }) => sim.state.addPractitioner(p)],
  ] as const)
    for (const v of values(args, flag)) {
      const [nik, ihs, ...name] = v.split(':');
      if (!nik || !ihs) throw new Error(`--${flag} harus nik:ihs:nama`);
      add({ nik, ihs, name: name.join(':') || nik });
    }
  console.log(`Simulator SATUSEHAT berjalan di ${sim.url}`);
  console.log(`  SATUSEHAT_AUTH_URL=${sim.authUrl}`);
  console.log(`  SATUSEHAT_BASE_URL=${sim.baseUrl}`);
  console.log('Klien dikenal (client_id -> Organization id):');
  for (const c of sim.state.clients.values()) console.log(`  ${c.clientId.padEnd(24)} ${c.orgId}`);
  console.log(`Sakelar: POST ${sim.url}/__sim/switch, hitungan: GET ${sim.url}/__sim/state`);
  await new Promise<void>((resolve) => {
    const stop = () => void sim.close().then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
