import ipaddr from 'ipaddr.js';

/**
 * The network a client address stands for in per-client limits: an IPv4 address as it is (IPv4
 * mapped into IPv6 included), an IPv6 address as its /64, which one household or phone is usually
 * given whole. `address` is `request.ip`, which honours TRUST_PROXY only, so a spoofed
 * X-Forwarded-For header changes nothing.
 */
export function clientNetworkOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}
