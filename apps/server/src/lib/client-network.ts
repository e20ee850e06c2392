import ipaddr from 'ipaddr.js';

/**
 * The one key every client address that does not parse shares. A proxy that passes the client's
 * own text (or a port, or brackets) must not let one client pick a fresh key per request.
 */
export const UNPARSED_CLIENT = 'unparsed-client';

/**
 * The address in `text`, read as a proxy may write it: `[v6]`, `[v6]:port`, `v4:port`, surrounding
 * spaces. Undefined when it is not an address.
 */
function parseClientAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  let address = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  // Only the dotted four-part IPv4 form: ipaddr also reads `1`, `0x7f.1` or a 32-bit number.
  if (!address.includes(':') && !/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) return undefined;
  if (!ipaddr.isValid(address)) return undefined;
  return ipaddr.process(address);
}

/**
 * The network a client address stands for in per-client limits: an IPv4 address as it is (IPv4
 * mapped into IPv6 included), an IPv6 address as its /64, which one household or phone is usually
 * given whole. `address` is `request.ip`, which honours TRUST_PROXY only, so a spoofed
 * X-Forwarded-For header changes nothing. An address that does not parse (a trusted proxy passing
 * the client's text) is `UNPARSED_CLIENT`, one key for all of them.
 */
export function clientNetworkOf(address: string): string {
  const parsed = parseClientAddress(address);
  if (!parsed) return UNPARSED_CLIENT;
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}
