import { isIPv4 } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The bits of an IPv6 address that a network hands one subscriber (RFC 6177: a home or phone gets at least a /64). */
const IPV6_SUBSCRIBER_PREFIX = 64;

/**
 * The key a client address's attempts are counted under, so that one visitor is one key: an IPv6 address by its
 * /64, whose host part the visitor chooses at will (counted per address, a /64 would be 2^64 keys), in one
 * spelling (case, leading zeros, `::`); an IPv4 address as itself, also when it arrives as IPv4-mapped IPv6
 * (`::ffff:a.b.c.d`, as a dual-stack socket or a proxy may write it). Anything else is kept as given.
 */
export function addressKey(address: string): string {
  // Most addresses, as sockets and proxies write them: nothing to parse.
  if (isIPv4(address)) return address;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return address;
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.map((part, i) => (i < IPV6_SUBSCRIBER_PREFIX / 16 ? part : 0));
  return `${new ipaddr.IPv6(parts).toString()}/${IPV6_SUBSCRIBER_PREFIX}`;
}
