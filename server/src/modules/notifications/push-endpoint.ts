import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where a Web Push subscription may send the server (decision 0052): an https endpoint of a known
 * browser push service, or of a host the institute allows (PUSH_ALLOWED_HOSTS); never a loopback,
 * private, link-local or otherwise local address, whether written as an IP literal or resolved
 * from a name when the message is sent.
 */

/** The browsers' push services: Chrome/Edge-on-Android (FCM), Firefox, Edge (WNS), Safari. */
export const KNOWN_PUSH_HOSTS: readonly string[] = ['fcm.googleapis.com', '*.push.services.mozilla.com', '*.notify.windows.com', '*.push.apple.com', 'web.push.apple.com'];

export const PUSH_ENDPOINT_MESSAGES = {
  notHttps: 'The push endpoint must be an https URL.',
  local: 'The push endpoint must not be a local, private or link-local address.',
  unknownHost: 'The push endpoint must be a web push service (FCM, Mozilla, Windows, Apple) or one your institute allows.',
} as const;

/** Addresses a push must never reach: this host, private networks, link-local, and other non-public ranges. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 3], // multicast, reserved, broadcast
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback (::1) and IPv4-compatible
  ['64:ff9b::', 96], // NAT64 of an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Is this IP address local, private or otherwise not a public internet address? (IPv4-mapped IPv6 counts as its IPv4.) */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // An IPv4-mapped IPv6 address (::ffff:7f00:1) is checked against the IPv4 ranges by BlockList itself.
  return NOT_PUBLIC.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Does a host match a pattern ('fcm.googleapis.com', or '*.push.apple.com' for its subdomains)? */
export function hostMatches(host: string, pattern: string): boolean {
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
  return host === pattern;
}

/**
 * Why an endpoint is refused, or null when the server may push to it. `allowedHosts` are the
 * institute's additions (PUSH_ALLOWED_HOSTS): names or '*.' patterns, or a public IP address.
 */
export function pushEndpointProblem(endpoint: string, allowedHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_ENDPOINT_MESSAGES.notHttps;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return PUSH_ENDPOINT_MESSAGES.notHttps;
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (isIP(host) !== 0 ? isNonPublicAddress(host) : host === 'localhost' || host.endsWith('.localhost')) return PUSH_ENDPOINT_MESSAGES.local;
  if (![...KNOWN_PUSH_HOSTS, ...allowedHosts].some((pattern) => hostMatches(host, pattern))) return PUSH_ENDPOINT_MESSAGES.unknownHost;
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A DNS lookup for the push request's connection that refuses a name resolving to any non-public
 * address (checked on the addresses the socket then connects to: no second lookup to rebind).
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const local = addresses.find((each) => isNonPublicAddress(each.address));
    if (local || addresses.length === 0) {
      const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to ${local ? `a non-public address (${local.address})` : 'no address'}: not pushed.`);
      refused.code = 'EPUSHNOTPUBLIC';
      return callback(refused, []);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses as [LookupAddress];
    return callback(null, first.address, first.family);
  });
}
