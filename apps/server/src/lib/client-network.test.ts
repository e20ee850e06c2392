import { describe, expect, it } from 'vitest';
import { clientNetworkOf, UNPARSED_CLIENT } from './client-network';

describe('clientNetworkOf', () => {
  it('keys an IPv6 address on its /64, whatever its spelling', () => {
    expect(clientNetworkOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetworkOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientNetworkOf('2001:db8:1:3::1')).not.toBe(clientNetworkOf('2001:db8:1:2::1'));
  });

  it('keeps IPv4 addresses whole, IPv4-mapped IPv6 included', () => {
    expect(clientNetworkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkOf('203.0.113.8')).not.toBe(clientNetworkOf('203.0.113.7'));
  });

  it('reads the spellings a proxy may pass on (brackets, a port, spaces) as the address', () => {
    expect(clientNetworkOf('[2001:db8:1:2::1]')).toBe('2001:db8:1:2::/64');
    expect(clientNetworkOf('[2001:db8:1:2::1]:443')).toBe('2001:db8:1:2::/64');
    expect(clientNetworkOf(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(clientNetworkOf('203.0.113.7:51234')).toBe('203.0.113.7');
    expect(clientNetworkOf('[::ffff:203.0.113.7]:80')).toBe('203.0.113.7');
  });

  it('gives every address that does not parse the one shared key', () => {
    for (const text of [
      '',
      'unknown',
      'client-1',
      '[nope]',
      '0x7f.1',
      '2130706433',
      '1.2.3',
      '1.2.3.4.5',
      '[::1',
    ])
      expect(clientNetworkOf(text)).toBe(UNPARSED_CLIENT);
  });
});
