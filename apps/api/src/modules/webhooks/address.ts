/**
 * Which addresses a webhook may be sent to. A company's endpoint URL is an address our server
 * connects to, so without a check it could reach our own network (SSRF): loopback, private,
 * carrier-grade NAT, link-local (cloud metadata at 169.254.169.254), unique-local and the like are
 * refused unless WEBHOOKS_ALLOW_PRIVATE is set (tests, local development). The check runs on the URL
 * when it is saved and again on every address DNS gives at connection time (`guardedLookup`), so a
 * name that resolves elsewhere later (DNS rebinding) is refused too.
 */
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup } from 'node:dns';
import { promises as dnsPromises } from 'node:dns';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is in a private, loopback, link-local or otherwise internal range. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is checked as the IPv4 address it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(address, 'ipv6');
}

export class AddressRefused extends Error {}

const REFUSED = 'Webhook URLs may not point to private, loopback or link-local addresses.';

/** The host of a URL as an IP address, when it is one (brackets of IPv6 removed). */
function literalAddress(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return isIP(bare) ? bare : null;
}

/** Refuses a URL whose host is, or resolves to, an internal address (unless allowed). */
export async function checkUrlAddress(url: URL, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const literal = literalAddress(url.hostname);
  if (literal) {
    if (isPrivateAddress(literal)) throw new AddressRefused(REFUSED);
    return;
  }
  if (url.hostname === 'localhost' || url.hostname.endsWith('.localhost')) throw new AddressRefused(REFUSED);
  let addresses: { address: string }[];
  try {
    addresses = await dnsPromises.lookup(url.hostname, { all: true });
  } catch {
    throw new AddressRefused(`The host ${url.hostname} could not be found.`);
  }
  if (addresses.some((a) => isPrivateAddress(a.address))) throw new AddressRefused(REFUSED);
}

/**
 * A `lookup` for http.request that refuses internal addresses at connection time: the address the
 * socket connects to is the one checked. (Node does not call lookup for an IP literal: checkUrlAddress
 * covers those before the request.)
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as unknown as { address: string; family: number }[];
      if (!allowPrivate && list.some((a) => isPrivateAddress(a.address)))
        return callback(new AddressRefused(REFUSED), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}
