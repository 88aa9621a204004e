import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where an agent's tool may be reached: only public addresses, so a tool URL can never make the
 * service call into its own network (loopback, private ranges, link-local, cloud metadata at
 * 169.254.169.254 or fd00:ec2::254, and the other special-purpose ranges of RFC 6890). The address
 * checked is the one connected to, so a name that resolves elsewhere later changes nothing.
 */
const SPECIAL_V4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const SPECIAL_V6: Array<[string, number]> = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

const special = new BlockList();
for (const [net, prefix] of SPECIAL_V4) special.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of SPECIAL_V6) special.addSubnet(net, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** `::ffff:10.0.0.1` is 10.0.0.1 to the network stack: judged as the IPv4 address it carries. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 4 ? 'ipv4' : 'ipv6' };
}

export const isLoopbackAddress = (address: string) => {
  const a = unmapped(address);
  return loopback.check(a.address, a.family);
};

export const isPublicAddress = (address: string) => {
  const a = unmapped(address);
  return !special.check(a.address, a.family);
};

export type Resolve = (host: string) => Promise<string[]>;

/** The system resolver (as a connection would use it), every address of the name. */
export const systemResolve: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export interface PinnedUrl {
  url: URL;
  /** The checked address to connect to; the URL's host stays the name sent (Host header, TLS server name). */
  address: string;
}

/** Why a URL may not be called, as the end of a sentence about it. */
export class RefusedUrl extends Error {}

/**
 * The address a tool URL is called at, after checking it: `https` to a public address; with
 * `allowLoopback` (development only), `http` or `https` to this machine as well. A name is
 * refused when any address it resolves to is refused, since which one a connection picks is not
 * ours to choose.
 */
export async function pinnedUrl(raw: string, options: { allowLoopback: boolean; resolve?: Resolve }): Promise<PinnedUrl> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedUrl('is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RefusedUrl('must be an https URL');
  if (url.username || url.password) throw new RefusedUrl('must not carry credentials; verify the signature header instead');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      throw new RefusedUrl(`has a host (${host}) that does not resolve`);
    }
    if (addresses.length === 0) throw new RefusedUrl(`has a host (${host}) that does not resolve`);
  }
  const local = options.allowLoopback && addresses.every(isLoopbackAddress);
  if (!local) {
    const refused = addresses.find((a) => !isPublicAddress(a));
    if (refused !== undefined)
      throw new RefusedUrl(`must reach a public host; ${host} is or resolves to ${refused}, a private, loopback, link-local or reserved address`);
    if (url.protocol !== 'https:') throw new RefusedUrl('must be an https URL');
  }
  return { url, address: addresses[0]! };
}
