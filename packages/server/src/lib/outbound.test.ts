/**
 * The guard for URLs the server calls on a user's word (issue 25 finding 2): every notation of an internal address is
 * refused (decimal, octal, hex and short IPv4, IPv6 forms including IPv4-mapped and 6to4/NAT64, ::1, 0.0.0.0, the
 * metadata address, localhost names, DNS names resolving to private addresses); the connection is pinned to the
 * checked addresses, so a DNS answer changing between the check and the connect reaches nothing; redirects are answers,
 * never followed; the operator's allow-list is exact host:port.
 */
import dns from 'node:dns';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkOutboundUrl, isPublicAddress, OutboundRefused, postJsonOutbound } from './outbound.js';

const PUBLIC = '93.184.215.14';

/** Answers `names` from a table (the real resolver for nothing): one list per call, the last one repeated. */
function fakeDns(table: Record<string, string[][]>) {
  const calls: Record<string, number> = {};
  return vi.spyOn(dns.promises, 'lookup').mockImplementation((async (host: string) => {
    const answers = table[host];
    if (!answers) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    const n = (calls[host] = (calls[host] ?? 0) + 1);
    const list = answers[Math.min(n, answers.length) - 1];
    return list.map((address) => ({ address, family: net.isIP(address) }));
  }) as unknown as typeof dns.promises.lookup);
}

async function reason(url: string, allow: string[] = []): Promise<string> {
  try {
    await checkOutboundUrl(url, allow);
    return 'allowed';
  } catch (err) {
    if (err instanceof OutboundRefused) return err.reason;
    throw err;
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('isPublicAddress', () => {
  it('accepts public unicast only', () => {
    for (const a of [PUBLIC, '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(a)).toBe(true);
    for (const a of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '240.0.0.1',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      'ff02::1',
      '2002:7f00:1::1',
      '64:ff9b::a9fe:a9fe',
      '2001::1',
      '2001:db8::1',
      '100::1',
      'not-an-ip',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });
});

describe('checkOutboundUrl', () => {
  it('refuses every notation of an internal address, before any DNS question', async () => {
    const lookup = fakeDns({});
    for (const url of [
      'https://127.0.0.1/send',
      'https://2130706433/',
      'https://017700000001/',
      'https://0x7f000001/',
      'https://0x7f.0.0.1/',
      'https://0177.0.0.01/',
      'https://127.1/',
      'https://0.0.0.0/',
      'https://0/',
      'https://169.254.169.254/latest/meta-data/',
      'https://2852039166/',
      'https://0xa9fea9fe/',
      'https://10.0.0.1:8443/',
      'https://192.168.0.1/',
      'https://[::1]/',
      'https://[::]/',
      'https://[0:0:0:0:0:0:0:1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
      'https://[::ffff:a9fe:a9fe]/',
      'https://[fe80::1]/',
      'https://[fd00:ec2::254]/',
      'https://[2002:7f00:1::]/',
      'https://[64:ff9b::a9fe:a9fe]/',
      'https://localhost/',
      'https://LOCALHOST./',
      'https://gateway.localhost/',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://printer.local/',
    ])
      expect(await reason(url), url).toBe('internal');
    expect(lookup).not.toHaveBeenCalled();
  });

  it('refuses names whose DNS answer holds any internal address, and names that do not resolve', async () => {
    fakeDns({
      'internal.example.test': [['10.1.2.3']],
      'mixed.example.test': [[PUBLIC, '127.0.0.1']],
      'v6.example.test': [['::1']],
      'mapped.example.test': [['::ffff:169.254.169.254']],
      'ok.example.test': [[PUBLIC, '2606:4700:4700::1111']],
    });
    expect(await reason('https://internal.example.test/send')).toBe('internal');
    expect(await reason('https://mixed.example.test/send')).toBe('internal');
    expect(await reason('https://v6.example.test/send')).toBe('internal');
    expect(await reason('https://mapped.example.test/send')).toBe('internal');
    expect(await reason('https://nowhere.example.test/send')).toBe('notfound');
    expect(await reason('https://ok.example.test/send')).toBe('allowed');
  });

  it('refuses other schemes, credentials and CR/LF; the allow-list is exact host:port', async () => {
    fakeDns({ 'ok.example.test': [[PUBLIC]] });
    expect(await reason('http://ok.example.test/send')).toBe('scheme');
    expect(await reason('ftp://ok.example.test/')).toBe('scheme');
    expect(await reason('file:///etc/passwd')).toBe('scheme');
    expect(await reason('https://user:pw@ok.example.test/')).toBe('url');
    expect(await reason('https://ok.example.test/send\r\nX-Injected: 1')).toBe('url');
    expect(await reason('https://ok.exa\tmple.test/')).toBe('url');
    expect(await reason('http://127.0.0.1:8080/send', ['127.0.0.1:8080'])).toBe('allowed');
    expect(await reason('https://127.0.0.1:8081/send', ['127.0.0.1:8080'])).toBe('internal');
    expect(await reason('https://localhost:8080/send', ['127.0.0.1:8080'])).toBe('internal');
    expect(await reason('http://127.0.0.1:8081/send', ['127.0.0.1:8080'])).toBe('scheme');
    expect(await reason('https://[::1]:8080/send', ['127.0.0.1:8080'])).toBe('internal');
  });
});

describe('postJsonOutbound', () => {
  let connections = 0;
  let listener: net.Server;
  let port: number;
  let redirecting: http.Server;
  let redirectPort: number;

  beforeAll(async () => {
    listener = net.createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
    port = (listener.address() as AddressInfo).port;
    redirecting = http.createServer((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/latest/meta-data/` }).end('internal words');
    });
    await new Promise<void>((r) => redirecting.listen(0, '127.0.0.1', r));
    redirectPort = (redirecting.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => listener.close(r));
    await new Promise((r) => redirecting.close(r));
  });

  const opts = { headers: {}, body: { target: '1', message: 'x' }, timeoutMs: 5_000 };

  it('pins the connection to the checked answer: a name turning internal after the check connects nowhere', async () => {
    // First answer public (the check), then this machine (the socket's own lookup): DNS rebinding.
    fakeDns({ 'rebind.example.test': [[PUBLIC], ['127.0.0.1']] });
    const err = await postJsonOutbound(`https://rebind.example.test:${port}/send`, { ...opts, allowHosts: [] }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(OutboundRefused);
    expect((err as OutboundRefused).reason).toBe('internal');
    expect(connections).toBe(0);
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    const res = await postJsonOutbound(`http://127.0.0.1:${redirectPort}/send`, {
      ...opts,
      allowHosts: [`127.0.0.1:${redirectPort}`],
    });
    expect(res.status).toBe(302);
    expect(connections).toBe(0);
  });
});
