import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client an address limit counts: an IPv4 address as it is, an IPv6 address by its /64
 * prefix. One IPv6 subscriber usually holds a whole /64, so counting single IPv6 addresses
 * would hand them 2^64 separate budgets. An IPv4 address mapped into IPv6 is the IPv4 address.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}

/** The 16-bit groups of an IPv6 address, '::' expanded, zone dropped, leading zeros trimmed. */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail] = ip.split('%')[0]!.toLowerCase().split('::');
  const part = (text: string) => (text ? text.split(':') : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  // A trailing dotted IPv4 part (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) stands for two groups.
  const size = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = [...left, ...Array(8 - size(left) - size(right)).fill('0'), ...right];
  return groups.map((g) => (g.includes('.') ? g : g.replace(/^0+(?=.)/, '')));
}
