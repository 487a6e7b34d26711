import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The SSRF rule for addresses users give the server to call (webhook targets, Web Push endpoints; docs/integrations.md
 * "Which targets are refused"): an http(s) URL whose host resolves only to public addresses. Checked when the address
 * is saved and again before every call; the call then connects to the very address that was checked
 * (platform/outbound-http.ts: no second resolution an attacker's DNS could answer differently).
 */

const FORBIDDEN = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, 169.254.169.254 (cloud metadata) among them
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 among them
] as const)
  FORBIDDEN.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local, fd00:ec2::254 (the EC2 metadata address over IPv6) among them
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  FORBIDDEN.addSubnet(net, bits, 'ipv6');

/** An IPv4 address carried inside an IPv6 one by NAT64 (64:ff9b::/96), else undefined. */
function nat64Inner(address: string): string | undefined {
  const m = /^64:ff9b::(?:([0-9a-f]{1,4}):([0-9a-f]{1,4})|(\d+\.\d+\.\d+\.\d+))$/i.exec(address);
  if (!m) return undefined;
  if (m[3]) return m[3];
  const hi = parseInt(m[1]!, 16);
  const lo = parseInt(m[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/**
 * Whether an address may not be a webhook's target: loopback, private, carrier-grade NAT, link-local, unspecified,
 * metadata, multicast or reserved, also written as IPv4-mapped IPv6 (BlockList checks `::ffff:a.b.c.d` against the
 * IPv4 rules) or NAT64. Anything that is not an IP address is refused too.
 */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return FORBIDDEN.check(address, 'ipv4');
  if (family !== 6) return true;
  const inner = nat64Inner(address);
  if (inner !== undefined && FORBIDDEN.check(inner, 'ipv4')) return true;
  return FORBIDDEN.check(address, 'ipv6');
}

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

/** The system resolver: every address of the name (A and AAAA), as connect would see them. */
export const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface TargetOptions {
  /** WEBHOOK_ALLOW_PRIVATE=on: an operator whose receivers sit on a private network allows them (tests do too). */
  allowPrivate: boolean;
  resolve?: Resolve;
}

/** Why a target was refused: `refused` names the forbidden address, `unresolved` the name did not resolve. */
export class TargetRefused extends Error {
  constructor(
    readonly reason: 'invalid' | 'unresolved' | 'refused',
    readonly address: string | null,
  ) {
    super(
      reason === 'refused'
        ? `target refused: ${address} is not a public address`
        : reason === 'unresolved'
          ? 'target host did not resolve'
          : 'target is not an http(s) URL',
    );
  }
}

export interface VettedTarget {
  url: URL;
  /** The address the attempt connects to (the first the resolver gave, all of them checked). */
  address: string;
  family: 4 | 6;
}

/**
 * Resolves a target's host and checks every address it has: one forbidden address refuses the whole name (a name
 * with a public and a private address could otherwise be steered to the private one).
 */
export async function vetTarget(raw: string, options: TargetOptions): Promise<VettedTarget> {
  if (!URL.canParse(raw)) throw new TargetRefused('invalid', null);
  const url = new URL(raw);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    throw new TargetRefused('invalid', null);
  // URL keeps an IPv6 literal in brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      throw new TargetRefused('unresolved', null);
    }
  }
  if (addresses.length === 0) throw new TargetRefused('unresolved', null);
  if (!options.allowPrivate) {
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad) throw new TargetRefused('refused', bad.address);
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
